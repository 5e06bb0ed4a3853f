// English word beginnings one typing slip from a problem word's beginning ("could" / "mould", "track"
// / "crack", "newer" / "never", "vault" / "fault"): a word that starts with one is the word it is, not
// a slip, so it says nothing is wrong. Derived from Debian's wamerican and wbritish word lists (every
// word not starting with a problem beginning, cut to the length of a problem beginning it is one slip
// from, as clauses.ts compares them), less the few that are problem words themselves ("amiss",
// "slash", "spilt", "scald"). English only: in the other five languages such near words are as often
// an inflection of the problem word ("rompe", "falhou", "zerbrach"), so a slip there still counts.
export const NOT_SLIPS: ReadonlySet<string> = new Set([
  'acrost', 'agass', 'banqu', 'bever', 'blaster', 'blotter', 'booke', 'bould', 'brack', 'brake', 'broka',
  'brush', 'canad', 'chatter', 'clack', 'clatter', 'compi', 'could', 'crank', 'crash', 'crick', 'crock',
  'crusa', 'cruso', 'crust', 'damas', 'defeat', 'defeca', 'deject', 'delect', 'demag', 'detect', 'dimag',
  'dunca', 'equinoc', 'erran', 'errat', 'erred', 'estrad', 'estran', 'estrog', 'falla', 'fallou', 'falseh',
  'falte', 'fanta', 'faulk', 'faunt', 'faust', 'fever', 'flatter', 'frack', 'goteb', 'gould', 'grack',
  'grafti', 'griffi', 'inchin', 'inclin', 'incrim', 'infrin', 'intrin', 'inurin', 'irrad', 'jamaic',
  'larche', 'lever', 'malta', 'manau', 'maneu', 'manfu', 'manhu', 'marchi', 'marcie', 'marqu', 'marshe',
  'masqu', 'matche', 'mauld', 'moult', 'mound', 'nancha', 'nefer', 'newer', 'niece', 'nunci', 'parche',
  'parted', 'partia', 'partic', 'partie', 'partin', 'partis', 'partit', 'partiz', 'pieci', 'pince', 'pisce',
  'platter', 'prece', 'prong', 'quebe', 'queer', 'rachae', 'rajah', 'rajas', 'ramad', 'refect', 'rever',
  'romai', 'rompe', 'romps', 'satin', 'scatter', 'seash', 'sever', 'shutter', 'slain', 'slatter', 'smatter',
  'solit', 'spain', 'spatter', 'splat', 'splic', 'splin', 'splot', 'splut', 'sprit', 'sqlit', 'stagn',
  'staid', 'stair', 'stani', 'stash', 'staun', 'stein', 'strin', 'swain', 'swash', 'swatter', 'track',
  'traffi', 'trope', 'troph', 'tropi', 'tropo', 'vanad', 'vanqu', 'vault', 'would', 'wrack', 'wrang',
  'wring', 'wroug', 'wrung', 'xanad', 'yalta', 'yamag',
]);

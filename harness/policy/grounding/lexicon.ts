// Word lists of the grounding rules, in the normal form of text.ts, for English, Spanish,
// Portuguese, French, German and Italian. The harness's own lists: the checks must not share a
// blind spot with whatever model proposed the claim. Data, so a new word is one entry.

/** Cardinal number words up to twelve, plus words that mean a fixed count. */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  both: 2, pair: 2, couple: 2, single: 1,
  un: 1, uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, ambos: 2, ambas: 2, par: 2,
  um: 1, uma: 1, duas: 2, quatro: 4, sete: 7, oito: 8, nove: 9, dez: 10,
  une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, neuf: 9, dix: 10, paire: 2,
  ein: 1, eine: 1, einen: 1, einer: 1, zwei: 2, drei: 3, vier: 4, funf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, beide: 2, beiden: 2, paar: 2,
  due: 2, tre: 3, quattro: 4, sei: 6, sette: 7, otto: 8, dieci: 10, entrambi: 2, entrambe: 2, paio: 2,
};

/** Words between "N" and "M" in "N of the M": the first number is the part claimed. */
export const PART_OF_WORDS = new Set(['of', 'out', 'de', 'das', 'dos', 'des', 'del', 'der', 'von', 'dei',  'degli', 'di', 'su', 'sur', 'aus']);

/** Words that claim every unit (with or without a number after them). */
export const ALL_WORDS = new Set([
  'all', 'every', 'everything', 'entire', 'whole', 'todos', 'todas', 'todo', 'toda', 'tous', 'toutes', 'tout', 'alle', 'alles', 'tutti', 'tutte', 'tutto', 'tudo', 'todas as', 'todos os',
]);

/** Markers after which the items named are excluded from the claim. */
export const EXCLUSION_MARKERS: readonly string[] = [
  'except', 'except for', 'excepting', 'all but', 'everything but', 'anything but', 'excluding', 'apart from', 'other than', 'but not', 'not the', 'not my', 'besides the', 'aside from',
  'excepto', 'salvo', 'menos', 'excepcion de', 'exceto', 'menos o', 'menos a', 'fora o', 'fora a', 'tirando',
  'sauf', 'excepte', 'hormis', 'a part', 'a l\'exception de', 'pas le', 'pas la', 'pas les',
  'ausser', 'ausgenommen', 'bis auf', 'nicht der', 'nicht die', 'nicht das', 'nicht den',
  'tranne', 'eccetto', 'salvo il', 'salvo la', 'a parte', 'non il', 'non la',
];

/** Phrases right after an item that say it is fine (not claimed). */
export const FINE_MARKERS: readonly string[] = [
  'fine', 'right', 'correct', 'lovely', 'perfect', 'great', 'ok', 'okay', 'good', 'intact', 'undamaged', 'beautiful', 'survived', 'unharmed',
  'bien', 'perfecto', 'perfecta', 'bem', 'perfeito', 'perfeita', 'intacto', 'intacta', 'parfait', 'parfaite', 'intacte',
  'heil', 'einwandfrei', 'perfekt', 'intatto', 'intatta', 'perfetto', 'perfetta',
  'is fine', 'are fine', 'was fine', 'were fine', 'arrived fine', 'is ok', 'are ok', 'is okay', 'are okay', 'is perfect', 'are perfect',
  'is intact', 'are intact', 'no problem', 'is not damaged', 'not broken', 'are not damaged', 'survived',
  'esta bien', 'estan bien', 'llego bien', 'esta perfecto', 'esta perfecta', 'esta bem', 'estao bem', 'chegou bem', 'chegaram bem',
  'va bien', 'vont bien', 'est intact', 'est intacte', 'est arrive intact', 'ist in ordnung', 'sind in ordnung', 'ist heil', 'sind heil', 'ist ok',
  'va bene', 'e a posto', 'sono a posto', 'e arrivato integro', 'e intatto', 'e intatta',
];

/** The customer speaks of an earlier refund of theirs (weighs only on lines already partly refunded). */
export const EARLIER_REFUND_PHRASES: readonly string[] = [
  'refunded me', 'you refunded', 'was refunded', 'were refunded', 'already refunded', 'already got a refund', 'earlier refund', 'previous refund',
  'goodwill refund', 'partial refund', 'the refund you', 'last refund', 'first refund',
  'me reembolsaron', 'ya me reembolsaron', 'reembolso anterior', 'me reembolsaram', 'reembolso anterior',
  'vous m\'avez rembourse', 'deja rembourse', 'remboursement precedent', 'habt mir erstattet', 'haben mir erstattet', 'bereits erstattet',
  'fruhere erstattung', 'mi avete rimborsato', 'gia rimborsato', 'rimborso precedente',
];

/** The customer asks about a refund already made or promised: a status question, never a new refund. */
export const REFUND_STATUS_PHRASES: readonly string[] = [
  'refund never arrived', 'refund has not arrived', "refund hasn't arrived", 'refund did not arrive', "refund didn't arrive", 'refund never came',
  'never received my refund', 'never got my refund', "haven't received my refund", 'have not received my refund', "didn't receive my refund",
  'where is my refund', "where's my refund", 'status of my refund', 'still waiting for my refund', 'still waiting on my refund', 'refund is still pending',
  'refunded me but', 'send it again', 'refund again',
  'reembolso no ha llegado', 'reembolso nunca llego', 'donde esta mi reembolso', 'no he recibido mi reembolso', 'no he recibido el reembolso', 'estado de mi reembolso',
  'reembolso nao chegou', 'reembolso nunca chegou', 'cade meu reembolso', 'cade o meu reembolso', 'nao recebi o reembolso', 'nao recebi meu reembolso',
  'remboursement n\'est jamais arrive', 'remboursement n\'est pas arrive', 'ou est mon remboursement', 'pas recu mon remboursement', 'pas recu le remboursement',
  'erstattung nie angekommen', 'erstattung ist nicht angekommen', 'wo bleibt meine erstattung', 'erstattung nicht erhalten', 'ruckerstattung nicht erhalten',
  'rimborso non e arrivato', 'rimborso non e mai arrivato', 'dov\'e il mio rimborso', 'non ho ricevuto il rimborso',
];

/** Text addressed to an AI or a system, role tags, tool names: data in a ticket that tries to be authority. */
export const INSTRUCTION_PHRASES: readonly string[] = [
  'ignore previous', 'ignore all', 'ignore the above', 'ignore your', 'ignore prior', 'disregard previous', 'disregard all', 'disregard the',
  'system note', 'system prompt', 'system message', 'ai agent', 'ai assistant', 'as an ai', 'language model', 'you are now', 'new instructions',
  'developer mode', 'admin mode', 'jailbreak', 'skip approval', 'skip the approval', 'skip all checks', 'bypass', 'override the', 'pre approved by the system',
  'refund_create', 'refund create', 'get_order', 'get_refund_history', 'post_draft', 'preview_refund', 'tool call', 'function call',
  'case_data',
  'ignora las instrucciones', 'ignora todas', 'ignore as instrucoes', 'ignorez les instructions', 'oubliez les instructions',
  'ignoriere alle', 'ignoriere die', 'ignora le istruzioni', 'ignora tutte',
];

/** The customer says, in words, that a refund is not what they want (whatever else they say). */
export const NOT_REFUND_PHRASES: readonly string[] = [
  "don't want a refund", 'do not want a refund', "don't need a refund", "don't want the refund", 'instead of a refund', 'rather than a refund',
  'than a refund', 'no quiero un reembolso', 'no quiero el reembolso', 'no quiero reembolso', 'en vez de un reembolso', 'en lugar de un reembolso',
  'nao quero reembolso', 'nao quero o reembolso', 'nao quero um reembolso', 'em vez de reembolso', 'em vez de um reembolso',
  'je ne veux pas de remboursement', 'pas de remboursement', 'plutot qu\'un remboursement', 'au lieu d\'un remboursement',
  'keine erstattung', 'keine ruckerstattung', 'statt einer erstattung', 'anstatt einer erstattung',
  'non voglio un rimborso', 'non voglio il rimborso', 'invece di un rimborso', 'piuttosto che un rimborso',
];

/** Words for another remedy; they count unless a negation stands just before them ("not a replacement"). */
export const OTHER_REMEDY_WORDS: readonly string[] = [
  'replacement', 'replacements', 'replace it', 'replace them', 'send a new one', 'send me a new one', 'send another', 'new one instead',
  'exchange', 'swap it', 'store credit', 'credit note', 'repair',
  'reemplazo', 'reposicion', 'sustitucion', 'cambio por otro', 'envien otro', 'envien otra', 'envienme otro', 'envienme otra', 'credito en tienda',
  'vale de compra', 'reparacion', 'substituicao', 'substituir', 'troca', 'trocar', 'enviem outro', 'enviem outra', 'credito na loja', 'reparo',
  'remplacement', 'remplacer', 'echange', 'echanger', 'envoyez-en un autre', 'envoyez-moi un autre', 'avoir en boutique', 'bon d\'achat', 'reparation',
  'ersatz', 'ersatzlieferung', 'umtausch', 'umtauschen', 'austausch', 'austauschen', 'gutschrift', 'reparatur',
  'sostituzione', 'sostituire', 'mandatemene un altro', 'inviatemene un altro', 'mandatemi un altro', 'inviatemi un altro', 'buono acquisto', 'riparazione',
];

/** Words that, just before another remedy's word, turn it down ("not a replacement", "I don't need an exchange"). */
export const NEGATIONS = new Set(['not', 'no', 'don', 'dont', 'never', 'nor', 'without', 'nicht', 'kein', 'keine', 'keinen', 'pas', 'sans', 'non', 'nao', 'sin', 'sem', 'senza', 'ni', 'nem', 'weder']);

/**
 * Word beginnings that say something is wrong with an item (damage, fault, wrong, missing), in the six
 * languages. A product the customer names only in a sentence without one of these is not a claim.
 */
export const PROBLEM_PREFIXES: readonly string[] = [
  'broke', 'crack', 'chip', 'damag', 'shatter', 'smash', 'dent', 'scratch', 'leak', 'torn', 'rip', 'stain', 'bent', 'snap', 'split', 'crush', 'dead',
  'miss', 'wrong', 'defect', 'fault', 'faulty', 'never', 'lost', 'work', 'flaw', 'melt', 'piece', 'hole', 'burn', 'rust', 'mold', 'mould',
  'roto', 'rota', 'rompi', 'quebr', 'danad', 'danific', 'rajad', 'agujer', 'mancha', 'defectu', 'equivoc', 'incorrect', 'falta', 'nunca', 'funcion',
  'partid', 'rachad', 'amass', 'amolgad', 'estrag', 'avariad', 'errad', 'faltou',
  'cass', 'fissur', 'ebrech', 'endommag', 'abim', 'raye', 'tach', 'defectueu', 'mauvais', 'manqu', 'jamais', 'fonctionn', 'marche',
  'kaputt', 'beschadig', 'zerbroch', 'gebroch', 'gesprung', 'zersprung', 'zerkratz', 'defekt', 'falsch', 'fehl', 'funktion',
  'rott', 'rompi', 'danneggi', 'ammacc', 'incrin', 'scheggi', 'graffi', 'difettos', 'sbagliat', 'manc', 'funzion',
];

/** Title words too common to tell one line from another. */
export const GENERIC_TITLE_WORDS = new Set([
  'set', 'pack', 'large', 'small', 'medium', 'mini', 'size', 'color', 'colour', 'black', 'white', 'grey', 'gray', 'blue', 'green', 'with',
  'the', 'and', 'for', 'piece', 'pieces', 'gift', 'card', 'classic', 'premium', 'deluxe', 'edition', 'model',
]);

/** Common English function words: enough of them means the customer wrote in English. */
export const ENGLISH_WORDS = new Set(['the', 'and', 'my', 'is', 'it', 'was', 'i', 'you', 'with', 'for', 'this', 'have', 'has', 'of', 'to', 'in', 'on', 'but', 'please', 'arrived']);

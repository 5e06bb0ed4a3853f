// Item names across six languages, so "la taza", "die Tasse", "la tazza" find the line "Stoneware
// mug". Each row is one kind of thing: its English name first, then singular names in other
// languages. Plus the title words that never name an item. Data only; line-match.ts reads them.

export const ITEM_NAMES: readonly (readonly string[])[] = [
  ['mug', 'taza', 'caneca', 'tasse', 'tazza', 'becher', 'xícara', 'chávena'],
  ['cup', 'taza', 'xícara', 'chávena', 'tasse', 'tazza', 'tazzina', 'copa'],
  ['bowl', 'cuenco', 'bol', 'tazón', 'tigela', 'schüssel', 'schale', 'ciotola', 'scodella'],
  ['plate', 'plato', 'prato', 'assiette', 'teller', 'piatto'],
  ['glass', 'vaso', 'copa', 'copo', 'taça', 'verre', 'glas', 'bicchiere', 'calice'],
  ['vase', 'jarrón', 'florero', 'jarra', 'vaso', 'vase'],
  ['lamp', 'lámpara', 'candeeiro', 'luminária', 'lampe', 'leuchte', 'lampada'],
  ['lampshade', 'pantalla', 'abajur', 'abat', 'lampenschirm', 'paralume'],
  ['blanket', 'throw', 'manta', 'cobija', 'cobertor', 'couverture', 'plaid', 'decke', 'kuscheldecke', 'coperta'],
  ['kettle', 'hervidor', 'tetera', 'pava', 'chaleira', 'bouilloire', 'wasserkocher', 'kessel', 'bollitore'],
  ['teapot', 'tetera', 'bule', 'théière', 'teekanne', 'teiera'],
  ['spoon', 'cuchara', 'colher', 'cuillère', 'löffel', 'cucchiaio'],
  ['board', 'tabla', 'tábua', 'planche', 'brett', 'schneidebrett', 'tagliere'],
  ['frame', 'marco', 'portarretrato', 'moldura', 'cadre', 'rahmen', 'bilderrahmen', 'cornice', 'portafoto'],
  ['towel', 'toalla', 'paño', 'toalha', 'pano', 'torchon', 'serviette', 'handtuch', 'geschirrtuch', 'asciugamano', 'strofinaccio'],
  ['napkin', 'servilleta', 'guardanapo', 'serviette', 'tovagliolo'],
  ['apron', 'delantal', 'mandil', 'avental', 'tablier', 'schürze', 'grembiule'],
  ['candle', 'vela', 'bougie', 'kerze', 'candela'],
  ['pan', 'sartén', 'frigideira', 'poêle', 'pfanne', 'padella'],
  ['pot', 'olla', 'cazuela', 'panela', 'casserole', 'marmite', 'topf', 'pentola'],
  ['knife', 'cuchillo', 'faca', 'couteau', 'messer', 'coltello'],
  ['fork', 'tenedor', 'garfo', 'fourchette', 'gabel', 'forchetta'],
  ['jar', 'tarro', 'frasco', 'pote', 'bocal', 'pot', 'glas', 'barattolo'],
  ['bottle', 'botella', 'garrafa', 'bouteille', 'flasche', 'bottiglia'],
  ['tray', 'bandeja', 'plateau', 'tablett', 'vassoio'],
  ['cushion', 'pillow', 'cojín', 'almohada', 'almofada', 'travesseiro', 'coussin', 'oreiller', 'kissen', 'cuscino'],
  ['chair', 'silla', 'cadeira', 'chaise', 'stuhl', 'sedia'],
  ['table', 'mesa', 'table', 'tisch', 'tavolo'],
  ['machine', 'máquina', 'cafetera', 'machine', 'maschine', 'kaffeemaschine', 'macchina', 'macchinetta'],
  ['clock', 'reloj', 'relógio', 'horloge', 'uhr', 'orologio'],
  ['mirror', 'espejo', 'espelho', 'miroir', 'spiegel', 'specchio'],
  ['basket', 'cesta', 'cesto', 'panier', 'korb', 'cestino'],
  ['shirt', 'camiseta', 'camisa', 'chemise', 'hemd', 'maglietta', 'camicia'],
  ['teacup', 'taza', 'tasse', 'tazza'],
  ['trivet', 'salvamanteles', 'descanso', 'dessous', 'untersetzer', 'sottopentola'],
  ['platter', 'fuente', 'travessa', 'plat', 'servierplatte', 'platte', 'vassoio', 'piatto'],
  ['carafe', 'jarra', 'garrafa', 'jarro', 'karaffe', 'caraffa'],
  ['bulb', 'bombilla', 'lâmpada', 'ampoule', 'glühbirne', 'birne', 'lampadina'],
  ['coaster', 'posavasos', 'dessous', 'untersetzer', 'sottobicchiere'],
];

/** Title words that never identify a line ("Linen napkins (set of 4)": "set" and "of" do not). */
export const TITLE_STOP_WORDS = [
  'of', 'the', 'and', 'with', 'for', 'in', 'on', 'set', 'pack', 'pcs', 'piece', 'pieces', 'x', 'cm', 'mm', 'ml', 'l', 'oz', 'inch',
  'size', 'a', 'an', 'de', 'del', 'la', 'el', 'en', 'y', 'con', 'para', 'et', 'le', 'les', 'du', 'des', 'pour', 'avec', 'und', 'mit',
  'der', 'die', 'das', 'fur', 'di', 'e', 'per', 'da', 'do', 'com', 'em',
];

// Words that widen or narrow a claim: the whole order ("everything", "todo el pedido"), exclusion
// markers ("except", "excepto", "sauf", "außer", "tranne", "exceto"), and words saying an item is
// fine ("the bowl is fine"). Data only; claims.ts applies them.

/** The whole order: every refundable line is claimed, minus the excluded ones. */
export const WHOLE_ORDER_WORDS = [
  'everything', 'all items', 'all the items', 'all my items', 'all of it', 'whole order', 'entire order', 'all of my order', 'the whole of',
  'todo', 'todo el pedido', 'todos los artículos', 'todos los productos', 'el pedido completo', 'tudo', 'todos os itens',
  'todos os artigos', 'a encomenda toda', 'o pedido inteiro', 'toute la commande', 'tous les articles', 'la commande entière',
  'alles', 'die ganze bestellung', 'alle artikel', 'die gesamte bestellung', 'tutto', "tutto l'ordine", "l'intero ordine",
  'tutti gli articoli',
];

/** Words that mean "all" only when an exclusion follows ("all but the kettle", "tout sauf la lampe"). */
export const ALL_BEFORE_EXCLUSION = ['all', 'tout', 'todos', 'todas', 'tous', 'toutes', 'alle', 'tutti', 'tutte'];

export const EXCLUSION_MARKERS = [
  'except', 'except for', 'excepting', 'excluding', 'apart from', 'other than', 'aside from', 'save for', 'but not', 'besides',
  'excepto', 'salvo', 'a excepción de', 'exceto', 'à exceção de', 'tirando', 'sauf', 'à part', 'excepté', 'hormis',
  "à l'exception de", 'außer', 'bis auf', 'ausgenommen', 'abgesehen von', 'tranne', 'eccetto', 'a parte', 'fuorché',
  "ad eccezione di",
];

/** Exclusion markers only right after an "all" word ("all but", "todo menos", "tudo menos"). */
export const MARKERS_AFTER_ALL = ['but', 'menos'];

/** Said of an item that is not part of the complaint ("the bowl is fine", "la lampe est intacte"). */
export const FINE_WORDS = [
  'fine', 'ok', 'okay', 'intact', 'perfect', 'perfectly', 'good condition', 'good shape', 'alright', 'all right', 'undamaged',
  'unharmed', 'no problem', 'bien', 'buen estado', 'perfecto', 'perfecta', 'intacto', 'intacta', 'bem', 'bom estado', 'perfeito',
  'perfeita', 'bon état', 'parfait', 'parfaite', 'intacte', 'gut', 'in ordnung', 'einwandfrei', 'heil', 'bene', 'perfetto',
  'perfetta', 'integro', 'integra', 'a posto', 'buone condizioni', 'lovely', 'beautiful', 'great', 'love them', 'love it', 'happy with',
  'works fine', 'works well', 'look ok', 'looks ok', 'look fine', 'survived', 'is right', 'is rite', 'are right', 'correct', 'precioso',
  'preciosa', 'lindo', 'linda', 'magnifique', 'schön', 'bellissimo', 'bellissima',
];

/** After a whole-order word, these make it "everything else" ("everything else is fine"). */
export const ELSE_WORDS = ['else', 'demás', 'resto', 'restante', 'sonst', 'andere', 'reste', 'altro'];

// Words that never name an item (besides the function words, numbers and cue words of the other
// lists): courtesy, order and shipping vocabulary, time, common verbs. Data only; cues.ts joins it
// with the other lists into NOT_ITEM, used for item hints and to keep typo matching off real words.

export const STOP_WORDS = [
  'send', 'sent', 'arrive', 'else', 'place', 'plane', 'other', 'others', 'first', 'water', 'glaze', 'photos', 'photo', 'colour', 'color',
  'to', 'in', 'on', 'at', 'be', 'we', 'they', 'them', 'so', 'just', 'get', 'can', 'want', 'need', 'like', 'its', "it's", "i'm",
  'am', 'has', 'had', 'did', 'does', 'been', 'yesterday', 'today', 'week', 'days', 'item', 'items', 'package', 'parcel', 'box',
  'delivery', 'came', 'thank', 'regards', 'best', 'dear', 'team', 'support', 'help', 'soon', 'possible', 'back', 'money', 'still',
  'when', 'what', 'hey', 'there', 'number', 'ordered', 'purchase', 'bought', 'received', 'never', 'wrong', 'where', 'big', 'small',
  'little', 'here', 'should', 'which', 'then', 'than', 'about', 'could', 'okay', 'also', 'very', 'will', 'instead', 'lieu', 'au',
  'que', 'lo', 'de', 'en', 'se', 'su', 'al', 'ayer', 'hoy', 'como', 'paquete', 'numero', 'zu', 'es', 'sie', 'wir', 'auf', 'im', 'von',
  'gestern', 'heute', 'aber', 'paket', 'nummer', 'nr', 'elle', 'vous', 'nous', 'aux', 'sur', 'hier', 'mais', 'colis', 'votre', 'suis',
  'mir', 'hat', 'bei', 'für', 'über', 'nach', 'noch', 'kann', 'möchte', 'voudrais', 'veux', 'était', 'été', 'très', 'tengo', 'fue',
  'last', 'year', 'ago', 'pls', 'please', 'pleas', 'too', 'return', 'shipping', 'instructions', 'thanks', 'hi', 'hello', 'ich', 'ist',
  'eu', 'em', 'ao', 'pelo', 'pela', 'sono', 'anche',
];

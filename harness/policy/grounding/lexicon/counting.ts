// Words around numbers that make them no count (normal form of text.ts), for the number grammar
// of counts.ts: units of time and money after a number, "in"/"into" before one and pieces after
// one (an item broken in two is one item), and "them" in "two of them".
import { NEGATIONS } from './remedies.js';

/** A number followed by one of these counts days, weeks or money, not units. */
export const NOT_COUNTED = new Set([
  ...['day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'hour', 'hours', 'minute', 'minutes', 'am', 'pm', 'x'],
  ...['dia', 'dias', 'semana', 'semanas', 'mes', 'meses', 'ano', 'anos', 'jour', 'jours', 'semaine', 'semaines', 'mois', 'an', 'ans'],
  ...['tag', 'tage', 'tagen', 'woche', 'wochen', 'monat', 'monate', 'jahr', 'giorno', 'giorni', 'settimana', 'settimane', 'mese', 'mesi'],
  // Hours, minutes and years in the five other languages: "dopo dieci minuti", "hace dos horas", "seit zwei Jahren".
  ...['minuto', 'minutos', 'minuti', 'minuten', 'hora', 'horas', 'ora', 'ore', 'heure', 'heures', 'stunde', 'stunden'],
  ...['segundo', 'segundos', 'secondi', 'secondes', 'sekunden', 'ano', 'año', 'años', 'anno', 'anni', 'jahre', 'jahren', 'année', 'années'],
  ...['usd', 'eur', 'gbp', 'dollar', 'dollars', 'euro', 'euros', 'cents', 'pounds', 'percent', 'star', 'stars', 'inch', 'inches', 'cm', 'oz', 'ml'],
]);

/** "split in two", "broke into three", "en deux", "em dois", "in zwei", "in due". */
export const SPLIT_INTO = new Set(['in', 'into', 'en', 'em']);

/** Words for "things" a count may be of: "the two things, a candle and the vase", "deux articles", "zwei Sachen". */
export const THING_WORDS = new Set([
  ...['thing', 'things', 'item', 'items', 'cosas', 'articulos', 'coisas', 'artigos', 'itens'],
  ...['choses', 'articles', 'sachen', 'dinge', 'artikel', 'cose', 'articoli', 'oggetti'],
]);

/** "after two washes", "après deux lavages", "nach zwei Wäschen", "dopo due lavaggi", "después de dos usos": a number after these counts times, not units. */
export const AFTER_WORDS = new Set(['after', 'apres', 'nach', 'dopo', 'despues', 'depois']);

/** "in three pieces", "en tres trozos", "en deux morceaux", "in zwei Teile", "in tre pezzi". */
export const PIECE_WORDS = new Set([
  ...['piece', 'pieces', 'part', 'parts', 'bits', 'halves', 'shards', 'chunks'],
  ...['pedazos', 'trozos', 'partes', 'pedacos', 'morceaux', 'bouts', 'teile', 'stucke', 'stuck', 'pezzi', 'parti'],
]);

/** "two of them", "dos de ellos", "deux d'entre eux", "zwei davon" (one word), "due di loro". */
export const THEM_WORDS = new Set(['them', 'these', 'those', 'ellos', 'ellas', 'eles', 'elas', 'eux', 'elles', 'ihnen', 'loro', 'questi']);

/** Words that start a new clause: "I bought four mugs | and two came chipped". */
export const CONJUNCTIONS = new Set([
  ...['and', 'but', 'while', 'whereas', 'although', 'though', 'yet'],
  ...['y', 'e', 'pero', 'mas', 'mientras', 'et', 'mais', 'alors', 'und', 'aber', 'wahrend', 'doch', 'ma', 'mentre', 'pero'],
]);

/** "Nothing is wrong with it": words that say there is no damage, defect or wrong item. */
export const NOTHING_WRONG_PHRASES: readonly string[] = [
  ...['no defect', 'not defective', 'nothing wrong', 'nothing is wrong', "there's nothing wrong", 'no damage', 'not damaged at all', 'works perfectly'],
  ...[
    'changed my mind',
    'nothing is broken',
    'found it cheaper',
    'cheaper elsewhere',
    'no longer want',
    "don't want it anymore",
    "don't like it",
    'dont like it',
    'do not like it',
    "didn't like it",
    'not my style',
    'no longer need',
    "don't need it",
    'dont need it',
  ],
  ...['no tiene ningun defecto', 'no tiene defecto', 'nada malo', 'cambie de opinion', 'no me gusta', 'ya no lo necesito', 'ya no la necesito'],
  ...['nao tem defeito', 'sem defeito', 'nada de errado', 'mudei de ideia', 'nao gostei', 'nao preciso mais'],
  ...['aucun defaut', "n'a aucun defaut", 'rien de mal', "change d'avis", 'ne me plait pas', "je n'en ai plus besoin"],
  ...[
    'kein defekt',
    'keinen defekt',
    'nichts kaputt',
    'nichts falsch',
    'es gefallt mir nicht',
    'gefallt mir nicht',
    'anders uberlegt',
    'brauche es nicht mehr',
  ],
  ...['nessun difetto', 'niente di rotto', 'ho cambiato idea', 'non mi piace', 'non mi serve piu'],
  // A damage or fault word negated: "it's not faulty at all", "no está roto", "n'est pas cassé".
  ...['not faulty', "isn't faulty", "isn't broken", "isn't damaged", 'not damaged', 'nothing faulty', 'no fault with it'],
  ...['no esta roto', 'no esta rota', 'no es defectuoso', 'no es defectuosa', 'no esta danado', 'no esta danada'],
  ...['nao esta quebrado', 'nao esta quebrada', 'nao e defeituoso', 'nao e defeituosa', 'nao esta danificado', 'nao esta danificada'],
  ...["n'est pas casse", "n'est pas cassee", "n'est pas defectueux", "n'est pas defectueuse", "n'est pas abime", "n'est pas abimee"],
  ...['nicht defekt', 'nicht kaputt', 'nicht beschadigt'],
  ...['non e difettoso', 'non e difettosa', 'non e rotto', 'non e rotta', 'non e danneggiato', 'non e danneggiata'],
];

/**
 * Word beginnings that ask for money back ("refund", "reembolso", "rembourser", "Erstattung",
 * "rimborso"), a refund's request being what the remedy rests on; "money back" and "my money" count.
 */
export const REFUND_ASK_PREFIXES: readonly string[] = [
  ...['refund', 'reimburs', 'money', 'return'],
  ...['reembols', 'devol', 'devuelv', 'rembours', 'retourn', 'erstatt', 'geld', 'ruckerstatt', 'rimbors', 'restitu', 'dinero', 'dinheiro', 'argent', 'soldi'],
];

/** Negations as customers type them: the remedies' negations, and contractions typed without the apostrophe ("i dont want a refund"). */
export const TYPED_NEGATIONS: ReadonlySet<string> = new Set([...NEGATIONS, 'didnt', 'doesnt', 'wont', 'cant', 't']);

/** "Please send the kettle that was missing": a sentence with one of each asks for the item, not money. */
export const SEND_WORDS = new Set([
  'send',
  'ship',
  'enviar',
  'envien',
  'envienme',
  'enviem',
  'envoyer',
  'envoyez',
  'schicken',
  'senden',
  'nachliefern',
  'inviare',
  'mandare',
  'mandate',
  'inviate',
]);
/** "Back" beside a verb of sending, in the six languages: the customer sends the item, nothing is asked of the store. */
export const BACK_WORDS: ReadonlySet<string> = new Set(['back', 'vuelta', 'regreso', 'volta', 'retour', 'zuruck', 'zurueck', 'indietro', 'terug']);
export const MISSING_PHRASES: readonly string[] = [
  ...['missing', 'was missing', 'never came', 'never arrived', 'not in the box', "wasn't in the box"],
  ...['falta', 'faltaba', 'faltou', 'manque', 'manquait', 'fehlt', 'fehlte', 'manca', 'mancava'],
];

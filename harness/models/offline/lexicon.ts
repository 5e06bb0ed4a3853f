// Word lists of the offline triage (English, Spanish, German, French), written in the normal form
// of text.ts. Data, so a new phrase is one line and not a new branch.
import type { RefundReason } from '../../domain/types.js';

export const REFUND_WORDS = [
  'refund', 'refunded', 'money back', 'my money', 'reimburse', 'reimbursement', 'return it', 'return the', 'send it back',
  'reembolso', 'reembolsar', 'reembolsen', 'devolucion', 'devolver', 'devuelvan', 'mi dinero',
  'erstattung', 'ruckerstattung', 'erstatten', 'geld zuruck', 'zuruckgeben', 'zurucksenden',
  'remboursement', 'rembourser', 'remboursez', 'retourner', 'mon argent',
];

/** Weak on its own ("it arrived" is not a complaint), but raises confidence. */
export const WEAK_WORDS = ['arrived', 'llego', 'angekommen', 'arrive', 'geliefert', 'recu', 'received'];

/** Checked in this order: the first reason found wins. */
export const REASON_WORDS: ReadonlyArray<[RefundReason, readonly string[]]> = [
  ['not_received', [
    'never arrived', 'has not arrived', "hasn't arrived", "didn't arrive", 'did not arrive', 'not received', 'never received',
    "haven't received", 'have not received', 'never got', 'never came', 'lost in the mail', 'lost in transit',
    'no ha llegado', 'nunca llego', 'no llego', 'no lo he recibido', 'no he recibido', 'nunca recibi',
    'nie angekommen', 'nicht angekommen', 'nicht erhalten', 'nie erhalten', 'nie bekommen', 'nicht bekommen',
    'jamais arrive', 'jamais recu', 'pas recu', 'pas ete livre', "n'est jamais arrive", "n'est pas arrive", 'toujours pas recu',
  ]],
  ['wrong_item', [
    'wrong item', 'wrong product', 'wrong size', 'wrong color', 'wrong colour', 'not what i ordered', 'sent me the wrong',
    'received the wrong', 'got the wrong', 'articulo equivocado', 'producto equivocado', 'articulo incorrecto', 'producto incorrecto',
    'no es lo que pedi', 'falscher artikel', 'falsches produkt', 'falsche artikel', 'falsche ware', 'falsch geliefert',
    'mauvais article', 'mauvais produit', 'pas le bon', "ce n'est pas ce que j'ai commande",
  ]],
  ['damaged', [
    'broken', 'broke', 'cracked', 'crack', 'damaged', 'hole', 'holes', 'ripped', 'stained', 'scratched', 'leaking', 'leaks', 'shattered', 'smashed', 'dented', 'torn', 'chipped', 'in pieces',
    'roto', 'rota', 'rotos', 'rotas', 'danado', 'danada', 'quebrado', 'quebrada', 'estropeado', 'rajado', 'rajada', 'agujero', 'manchado', 'manchada',
    'kaputt', 'beschadigt', 'loch', 'gerissen', 'zerkratzt', 'zerbrochen', 'gebrochen', 'gesprungen', 'zersprungen',
    'casse', 'cassee', 'trou', 'dechire', 'dechiree', 'tache', 'tachee', 'raye', 'rayee', 'endommage', 'endommagee', 'abime', 'abimee', 'fissure', 'fissuree', 'brise', 'brisee', 'ebreche', 'ebrechee',
  ]],
  ['defective', [
    'defective', 'faulty', "doesn't work", 'does not work', 'not working', 'stopped working', "won't turn on", 'malfunction',
    'defectuoso', 'defectuosa', 'no funciona', 'dejo de funcionar', 'defekt', 'funktioniert nicht', 'fehlerhaft',
    'defectueux', 'defectueuse', 'ne fonctionne pas', 'ne marche pas', 'en panne',
  ]],
  ['changed_mind', [
    'changed my mind', "don't want", 'do not want', 'no longer need', 'no longer want', "don't like", "didn't like", "don't need",
    'cambie de opinion', 'ya no lo quiero', 'ya no la quiero', 'ya no lo necesito', 'no me gusta',
    'anders uberlegt', 'nicht mehr', 'gefallt mir nicht', 'brauche es nicht',
    "change d'avis", 'ne veux plus', 'ne me plait pas', 'plus besoin',
  ]],
];

export const RISK_WORDS: ReadonlyArray<[string, readonly string[]]> = [
  ['claims_prior_approval', [
    'approved', 'pre-approved', 'preapproved', 'manager said', 'supervisor said', 'your colleague said', 'agent said', 'already agreed',
    'you promised', 'aprobado', 'aprobo', 'autorizado', 'el gerente dijo', 'genehmigt', 'bewilligt', 'der manager sagte',
    'approuve', 'autorise', 'le responsable a dit',
  ]],
  ['instructions_to_system', [
    'ignore previous', 'ignore all', 'ignore the above', 'ignore your', 'ignore prior', 'disregard', 'system:', 'assistant:',
    'you are now', 'new instructions', 'override', 'jailbreak', 'developer mode', 'ignora las instrucciones', 'ignora todas',
    'ignoriere', 'ignorez', 'oubliez les instructions',
  ]],
];

export const LANGUAGE_WORDS: Readonly<Record<'en' | 'es' | 'de' | 'fr', readonly string[]>> = {
  en: ['the', 'and', 'my', 'is', 'it', 'was', 'i', 'you', 'order', 'please', 'with', 'for', 'not', 'this', 'have', 'hello', 'hi', 'thanks', 'arrived'],
  es: ['el', 'los', 'las', 'mi', 'es', 'que', 'y', 'con', 'por', 'pedido', 'hola', 'gracias', 'llego', 'para', 'una', 'muy', 'esta', 'del'],
  de: ['der', 'die', 'das', 'und', 'ist', 'mein', 'meine', 'ich', 'nicht', 'bitte', 'bestellung', 'mit', 'ein', 'eine', 'hallo', 'danke', 'war', 'ist'],
  fr: ['le', 'les', 'mon', 'ma', 'est', 'et', 'je', 'pas', 'commande', 'bonjour', 'merci', 'avec', 'une', 'pour', 'recu', 'mes', 'des', 'du'],
};

/** Words that never name an item: greetings, pronouns, order and refund vocabulary. */
export const NOT_ITEM_WORDS = new Set([
  ...Object.values(LANGUAGE_WORDS).flat(),
  'a', 'an', 'to', 'of', 'in', 'on', 'at', 'be', 'me', 'we', 'our', 'your', 'they', 'them', 'but', 'so', 'just', 'got',
  'get', 'can', 'could', 'would', 'want', 'need', 'like', 'one', 'two', 'its', "it's", "i'm", 'am', 'are', 'has', 'had', 'did',
  'does', 'been', 'yesterday', 'today', 'week', 'days', 'item', 'items', 'package', 'parcel', 'box', 'delivery', 'came',
  'thank', 'regards', 'best', 'dear', 'team', 'support', 'help', 'soon', 'possible', 'back', 'money', 'still', 'when', 'what',
  'hey', 'there', 'number', 'order', 'orders', 'ordered', 'purchase', 'bought', 'received', 'arrived', 'never', 'wrong',
  'que', 'lo', 'la', 'un', 'de', 'en', 'se', 'su', 'al', 'me', 'mis', 'ayer', 'hoy', 'pero', 'como', 'paquete', 'numero',
  'den', 'dem', 'des', 'zu', 'es', 'sie', 'wir', 'auf', 'ist', 'im', 'von', 'gestern', 'heute', 'aber', 'paket', 'nummer', 'nr',
  'il', 'elle', 'vous', 'nous', 'au', 'aux', 'sur', 'hier', 'mais', 'colis', 'numero', 'votre', 'suis',
  'aus', 'meiner', 'meinem', 'meinen', 'mir', 'habe', 'hat', 'wurde', 'bei', 'fur', 'uber', 'nach', 'noch', 'kann', 'mochte',
  'from', 'where', 'big', 'small', 'little', 'there', 'here', 'could', 'should', 'which', 'that', 'then', 'than', 'about',
  'voudrais', 'veux', 'cette', 'etait', 'ete', 'tres', 'quiero', 'tengo', 'este', 'fue', 'okay', 'also', 'very', 'will',
]);

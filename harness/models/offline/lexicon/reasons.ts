// Why the customer complains, in six languages: checked in this order, the first reason found wins
// (a defect before damage: "broken, it does not switch on" is a defect). Items not received, wrong
// items, defects, damage verbs and nouns, a change of mind. Data only.
import type { RefundReason } from '../../../domain/types.js';

/** Leaks: a defect (cues.ts), unless the item is also said to be damaged ("cracked, it leaks"). */
export const LEAK_WORDS = ['leaking', 'leaks', 'leak', 'gotea', 'pierde agua', 'vaza', 'vazando', 'fuit', 'undicht', 'tropft', 'perde acqua'];

export const REASON_WORDS: ReadonlyArray<readonly [RefundReason, readonly string[]]> = [
  ['not_received', [
    'never arrived', 'has not arrived', "hasn't arrived", "didn't arrive", 'did not arrive', 'not arrived', 'not received', 'never received',
    "haven't received", 'have not received', "didn't receive", 'did not receive', 'never got', 'never came', 'never delivered',
    'not delivered', 'lost in the mail', 'lost in transit', 'was missing', 'is missing', 'are missing', 'still missing', 'missing from',
    'not shipped', 'never shipped', "hasn't shipped", 'has not shipped', "didn't come", 'did not come', 'never showed up', 'not in the box',
    'no ha llegado', 'nunca llegó', 'no llegó', 'no lo he recibido', 'no he recibido', 'nunca recibí', 'falta',
    'no se ha enviado', 'nunca se envió', 'não chegou', 'nunca chegou', 'ainda não chegou', 'não recebi', 'nunca recebi', 'não foi entregue',
    'não foi enviado', 'nicht verschickt', 'nie verschickt', 'pas été expédié', 'jamais expédié', 'mai spedito', 'mai spedita', 'non è stato spedito',
    'nie angekommen', 'nicht angekommen', 'nicht erhalten', 'nie erhalten', 'nie bekommen', 'nicht bekommen', 'nicht geliefert', 'fehlt',
    'jamais arrivé', 'jamais reçu', 'pas reçu', 'pas été livré', "n'est jamais arrivé", "n'est pas arrivé", 'toujours pas reçu', 'manquant',
    'non è arrivato', 'non è arrivata', 'mai arrivato', 'mai arrivata', 'non ho ricevuto', 'mai ricevuto', 'non arrivato', 'mancante',
  ]],
  ['wrong_item', [
    'wrong item', 'wrong product', 'wrong size', 'wrong color', 'wrong colour', 'wrong one', 'not what i ordered', 'sent me the wrong',
    'received the wrong', 'got the wrong', 'but got', 'but i got', 'is wrong', 'are wrong', 'all wrong', 'not what i picked',
    'artículo equivocado', 'producto equivocado', 'artículo incorrecto', 'producto incorrecto',
    'talla equivocada', 'color equivocado', 'no es lo que pedí', 'produto errado', 'item errado', 'artigo errado', 'tamanho errado',
    'cor errada', 'veio errado', 'falscher artikel', 'falsches produkt', 'falsche artikel', 'falsche ware', 'falsch geliefert',
    'falsche größe', 'falsche farbe', 'mauvais article', 'mauvais produit', 'mauvaise taille', 'mauvaise couleur', 'pas le bon',
    "ce n'est pas ce que j'ai commandé", 'articolo sbagliato', 'prodotto sbagliato', 'taglia sbagliata', 'colore sbagliato',
  ]],
  ['defective', [
    'defective', 'faulty', "doesn't work", 'does not work', "don't work", 'not working', 'stopped working', "won't turn on",
    "won't power on", "doesn't turn on", "doesn't power on", 'does not turn on', 'will not turn on', "won't switch on", "won't charge",
    "won't start", 'dead on arrival', 'malfunction', 'malfunctioning', 'does not switch on', "doesn't switch on",
    "won't switch off", 'does not turn off', "doesn't turn off", "won't turn off", 'just hums', "doesn't turn", 'does not heat', "doesn't heat",
    'stopped heating', 'broken switch', 'defectuoso', 'defectuosa', 'no funciona', 'dejó de funcionar',
    'no enciende', 'no prende', 'averiado', 'averiada', 'não funciona', 'nao liga', 'não liga', 'parou de funcionar', 'com defeito',
    'defeituoso', 'defeituosa', 'avariado', 'avariada', 'defekt', 'funktioniert nicht', 'geht nicht an', 'lässt sich nicht einschalten',
    'fehlerhaft', 'defectueux', 'défectueux', 'défectueuse', 'ne fonctionne pas', 'ne marche pas', "ne s'allume pas", 'en panne',
    'hors service', 'non funziona', 'non si accende', 'difettoso', 'difettosa', 'guasto', 'guasta', 'smesso di funzionare',
  ]],
  ['damaged', [
    'broken', 'broke', 'cracked', 'crack', 'cracks', 'damaged', 'damage', 'hole', 'holes', 'ripped', 'stained', 'scratched', 'shattered', 'smashed', 'dented', 'dent', 'torn', 'chipped', 'chip', 'crushed', 'split', 'bent', 'warped', 'snapped',
    'squashed', 'ruined', 'in pieces', 'pieces', 'fell apart', 'came apart', 'mouldy', 'moldy', 'soaked', 'melted', 'flaked', 'chips',
    'roto', 'rota', 'rotos', 'rotas', 'dañado', 'dañada', 'quebrado', 'quebrada', 'estropeado', 'rajado', 'rajada', 'agujero', 'manchado',
    'manchada', 'abollado', 'abollada', 'aplastado', 'aplastada', 'partido', 'partida', 'agrietado', 'agrietada', 'astillado',
    'desportillado', 'rayado', 'rayada', 'hecho pedazos', 'rachado', 'rachada', 'amassado', 'amassada', 'amolgado', 'amolgada',
    'danificado', 'danificada', 'estragado', 'estragada', 'lascado', 'lascada', 'riscado', 'riscada', 'esmagado', 'esmagada', 'furo',
    'kaputt', 'beschädigt', 'loch', 'gerissen', 'zerkratzt', 'zerbrochen', 'gebrochen', 'gesprungen', 'zersprungen', 'verbeult',
    'zerdrückt', 'eingedrückt', 'gespalten', 'verbogen', 'angeschlagen', 'in stücken',
    'cassé', 'cassée', 'trou', 'déchiré', 'déchirée', 'taché', 'tachée', 'rayé', 'rayée', 'endommagé', 'endommagée', 'abîmé', 'abîmée',
    'fissuré', 'fissurée', 'brisé', 'brisée', 'ébréché', 'ébréchée', 'écrasé', 'écrasée', 'fendu', 'fendue', 'tordu', 'tordue', 'cabossé',
    'cabossée', 'bosselé', 'en morceaux', 'rotto', 'rotta', 'rotti', 'rotte', 'danneggiato', 'danneggiata', 'danneggiati', 'ammaccato',
    'ammaccata', 'incrinato', 'incrinata', 'crepato', 'crepata', 'scheggiato', 'scheggiata', 'schiacciato', 'schiacciata', 'graffiato',
    'strappato', 'macchiato', 'spaccato', 'spaccata', 'piegato', 'in pezzi', 'buco',
  ]],
  ['changed_mind', [
    'changed my mind', 'changed our minds', 'not what i wanted', "doesn't match", 'does not match', 'than i expected', 'does not fit',
    "doesn't fit", 'found the same', 'found it cheaper', 'found one', 'cheaper at', 'decided', 'accidentally ordered', 'ordered too many',
    'only need one', 'too strong', 'still sealed', 'unopened', 'still in the box', 'have two now', 'already has one', "don't really like",
    'do not really like', 'by mistake', "don't want it", "don't want them", 'do not want it', "don't want the", 'do not want the', 'no longer need', 'no longer want', "don't like", "didn't like", "don't need",
    'cambié de opinión', 'ya no lo quiero', 'ya no la quiero', 'ya no lo necesito', 'no me gusta', 'mudei de ideia', 'não gostei',
    'já não quero', 'anders überlegt', 'nicht mehr', 'gefällt mir nicht', 'brauche es nicht', "change d'avis", 'ne veux plus',
    'ne me plaît pas', 'plus besoin', 'ho cambiato idea', 'non mi piace', 'non lo voglio più', 'non mi serve più',
  ]],
];

// Word lists of the offline triage's intent and risk reading: refund words, weak complaint words,
// risk phrases and the phrases that speak of an earlier refund. Six languages; data only, compiled
// by cues.ts (accents and case do not matter, typos of longer words are forgiven there).
import type { RiskFlag } from '../../../domain/types.js';

export const REFUND_WORDS = [
  'refund', 'refunded', 'refund pls', 'money back', 'my money', 'reimburse', 'reimbursement', 'return it', 'return the', 'send it back',
  'reembolso', 'reembolsar', 'reembolsen', 'reembolsem', 'devolución', 'devolver', 'devuelvan', 'mi dinero', 'estorno', 'meu dinheiro',
  'dinheiro de volta', 'devolução', 'erstattung', 'rückerstattung', 'erstatten', 'geld zurück', 'zurückgeben', 'zurücksenden',
  'remboursement', 'rembourser', 'remboursez', 'retourner', 'mon argent', 'rimborso', 'rimborsare', 'rimborsate', 'rimborsatemi',
  'i miei soldi', 'soldi indietro', 'restituire', 'reso',
];

/** Weak on its own ("it arrived" is not a complaint), but raises confidence. */
export const WEAK_WORDS = ['arrived', 'received', 'llegó', 'recibí', 'chegou', 'recebi', 'arrivé', 'reçu', 'angekommen', 'geliefert', 'arrivato', 'arrivata', 'ricevuto'];

export const RISK_WORDS: ReadonlyArray<readonly [RiskFlag, readonly string[]]> = [
  ['claims_prior_approval', [
    'approved', 'pre-approved', 'preapproved', 'manager said', 'supervisor said', 'your colleague said', 'agent said', 'already agreed',
    'you promised', 'aprobado', 'aprobó', 'autorizado', 'el gerente dijo', 'aprovado', 'autorizou', 'genehmigt', 'bewilligt',
    'der manager sagte', 'approuvé', 'autorisé', 'le responsable a dit', 'approvato', 'autorizzato', 'il responsabile ha detto',
  ]],
  ['instructions_to_system', [
    'ignore previous', 'ignore all', 'ignore the above', 'ignore your', 'ignore prior', 'disregard', 'system:', 'assistant:',
    'you are now', 'new instructions', 'override', 'jailbreak', 'developer mode', 'ignora las instrucciones', 'ignora todas',
    'ignore as instruções', 'ignoriere', 'ignorez', 'oubliez les instructions', 'ignora le istruzioni', 'ignora tutte', 'ai agent',
    'to the ai', 'note to the ai', 'system note', 'refund_create', 'skip approval', 'set refund amount', 'mark the gate', '</ticket>',
  ]],
];

/** A refund already made or awaited: "where is my refund?", "you refunded me $16 but it never arrived". */
export const EARLIER_REFUND_WORDS = [
  'where is my refund', "where's my refund", 'refund status', 'status of my refund', 'already refunded', 'you refunded',
  'refunded me', 'was refunded', 'been refunded', 'earlier refund', 'previous refund', 'refund was issued', 'issued a refund',
  'my refund never', 'the refund never', 'waiting for my refund', 'waiting for the refund', 'waiting on my refund',
  'received my refund', 'received the refund', 'got my refund', 'refund has not arrived', "refund hasn't arrived",
  'refund did not arrive', "refund didn't arrive", 'dónde está mi reembolso', 'me reembolsaron', 'ya reembolsado',
  'reembolso anterior', 'recibido el reembolso', 'recibido mi reembolso', 'estado de mi reembolso', 'onde está o meu reembolso',
  'onde está meu reembolso', 'já fui reembolsado', 'reembolsaram', 'recebi o reembolso', 'recebi o meu reembolso',
  'où est mon remboursement', 'déjà remboursé', "vous m'avez remboursé", 'remboursement précédent', 'reçu le remboursement',
  'reçu mon remboursement', 'wo ist meine erstattung', 'bereits erstattet', 'schon erstattet', 'mir erstattet',
  'erstattung nicht erhalten', 'erstattung ist nicht angekommen', 'frühere erstattung', "dov'è il mio rimborso",
  'già rimborsato', 'mi avete rimborsato', 'rimborso precedente', 'ricevuto il rimborso',
];

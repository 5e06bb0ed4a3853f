// Word lists of the offline triage's intent and risk reading: refund words, weak complaint words and
// risk phrases (an earlier refund is spoken of in remedies.ts). Six languages; data only, compiled by
// cues.ts (accents and case do not matter, typos of longer words are forgiven there).
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

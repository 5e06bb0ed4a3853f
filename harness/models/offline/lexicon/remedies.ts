// What the customer asks for, in six languages: a refund, a replacement, store credit, a
// cancellation, or news of a refund already made. A remedy named after a negator ("I don't want a
// refund") does not count (see remedy.ts). Data only.

export type RemedyCue = 'refund' | 'replacement' | 'store_credit' | 'cancel' | 'refund_status' | 'earlier_refund' | 'other';

export const REMEDY_WORDS: ReadonlyArray<readonly [RemedyCue, readonly string[]]> = [
  ['refund_status', [
    'where is my refund', "where's my refund", 'refund status', 'status of my refund', 'my refund never', 'the refund never',
    'waiting for my refund', 'waiting for the refund', 'waiting on my refund', 'never received my refund', "haven't received my refund",
    'have not received my refund', 'never got my refund', 'refund has not arrived', "refund hasn't arrived", 'refund did not arrive',
    "refund didn't arrive", 'refund never arrived', 'how long does a refund', 'how long will the refund', 'refund usually take',
    'refund take', 'refund confirmation', 'confirmation of the refund', 'did you refund', 'refund me yet', 'refund go back', 'refund be credited',
    'refund is pending', 'is pending', 'refund pending', 'see a refund', 'refund was processed', 'refund has been processed', 'was processed', 'is more coming',
    'dónde está mi reembolso', 'estado de mi reembolso',
    'no he recibido el reembolso', 'no he recibido mi reembolso', 'onde está o meu reembolso', 'onde está meu reembolso',
    'não recebi o reembolso', 'não recebi o meu reembolso', 'où est mon remboursement', 'pas reçu le remboursement',
    'pas reçu mon remboursement', 'wo ist meine erstattung', 'erstattung nicht erhalten', 'erstattung ist nicht angekommen',
    "dov'è il mio rimborso", 'non ho ricevuto il rimborso',
  ]],
  ['earlier_refund', [
    'you refunded', 'refunded me', 'already refunded', 'was refunded', 'were refunded', 'been refunded', 'refund was issued', 'issued a refund',
    'goodwill refund', 'thanks for the refund', 'refunded already', 'refunded on', 'refunded for',
    'me reembolsaron', 'ya reembolsado', 'reembolsaram', 'já fui reembolsado', 'déjà remboursé', "vous m'avez remboursé",
    'bereits erstattet', 'schon erstattet', 'mir erstattet', 'già rimborsato', 'mi avete rimborsato',
  ]],
  ['cancel', [
    'cancel', 'cancellation', 'cancelar', 'cancelen', 'cancelem', 'cancelamento', 'cancelación', 'anular', 'annuler', 'annulez',
    'annulation', 'stornieren', 'stornierung', 'storno', 'annullare', 'annullate', 'annullamento', 'cancellare',
  ]],
  ['replacement', [
    'replacement', 'replace', 'replaced', 'send a new one', 'send me a new one', 'a new one', 'send another', 'exchange', 'swap',
    'reship', 'resend', 'send the missing', 'send me the missing', 'ship the missing', 'otra igual', 'otro igual', 'reemplazo', 'reemplazar', 'reposición', 'uno nuevo', 'una nueva', 'cambio', 'cambiar', 'sustitución',
    'substituição', 'substituir', 'troca', 'trocar', 'um novo', 'uma nova', 'remplacement', 'remplacer', 'échange', 'échanger',
    'un nouveau', 'une nouvelle', 'ersatz', 'ersetzen', 'umtausch', 'umtauschen', 'austausch', 'austauschen', 'ein neues',
    'eine neue', 'einen neuen', 'sostituzione', 'sostituire', 'uno nuovo', 'una nuova', "un'altra", 'un altro',
  ]],
  ['store_credit', [
    'store credit', 'shop credit', 'account credit', 'credit note', 'voucher', 'crédito en tienda', 'crédito de tienda', 'saldo a favor',
    'vale de compra', 'crédito na loja', 'vale-compras', 'un avoir', "bon d'achat", 'gutschrift', 'gutschein', 'buono regalo',
    'buono acquisto', 'credito in negozio',
  ]],
  ['other', [
    'repair', 'warranty', 'fix it', 'reparación', 'reparar', 'garantía', 'conserto', 'reparo', 'garantia', 'réparation', 'réparer',
    'reparatur', 'reparieren', 'garantie', 'riparazione', 'riparare', 'garanzia',
  ]],
  ['refund', [
    'refund', 'money back', 'my money', 'reimburse', 'reimbursement', 'reembolso', 'reembolsar', 'reembolsen', 'reembolsem',
    'devolución', 'devolver el dinero', 'mi dinero', 'estorno', 'meu dinheiro', 'dinheiro de volta', 'erstattung', 'rückerstattung',
    'erstatten', 'geld zurück', 'remboursement', 'rembourser', 'remboursez', 'mon argent', 'rimborso', 'rimborsare', 'rimborsate',
    'i miei soldi', 'soldi indietro',
  ]],
];

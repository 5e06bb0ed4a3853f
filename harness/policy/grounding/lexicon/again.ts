// The words of asking for money already refunded to be paid again ("please refund them again",
// "vuelvan a enviarlo", "bitte nochmal überweisen"), in the six languages the checks read: a verb of
// paying back or sending, and a word of "again" near it. Normal form (grounding/text.ts): lower
// case, no accents. A question about where a refund is, asked twice ("sorry to write again"), is
// not this: the "again" must stand right by the verb.

/** Stems of verbs of paying back or sending money, matched at a word's start. */
export const PAY_AGAIN_VERBS: readonly string[] = [
  'refund',
  'resend',
  'send',
  'pay',
  'reissue',
  'issue',
  'transfer',
  'reembols',
  'envi',
  'devolv',
  'pag',
  'transfier',
  'erstatt',
  'uberweis',
  'zuruckzahl',
  'schick',
  'rembours',
  'renvoy',
  'envoy',
  'verse',
  'rimbors',
  'invi',
  'restituir',
  'terugbetal',
  'stort',
  'overmak',
  'stuur',
];

/** "Again" in each language, as word sequences. */
export const AGAIN_WORDS: readonly string[] = [
  'again',
  'once more',
  'de nuevo',
  'otra vez',
  'nuevamente',
  'nochmal',
  'nochmals',
  'noch einmal',
  'erneut',
  'a nouveau',
  'de nouveau',
  'encore une fois',
  'novamente',
  'de novo',
  'outra vez',
  'di nuovo',
  'ancora una volta',
  'nuovamente',
  'opnieuw',
  'nogmaals',
  'nog een keer',
];

/** Spanish and Portuguese say "again" with an auxiliary before the verb ("vuelvan a enviar", "voltar a pagar"). */
export const AGAIN_AUXILIARIES: readonly string[] = ['vuelv', 'volv', 'volt'];

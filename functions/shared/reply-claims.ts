// Whether a draft says a refund has already been made, in the six languages the agent reads. A return's
// first draft may only promise the refund for when the parcel arrives; saying it is done claims what
// did not happen. Kept deliberately small: per language, the words of a completed act ("have", "hemos",
// "avons", "haben", "foi", "abbiamo") followed in the same clause by the refund verb's participle
// ("refunded", "reembolsado", "remboursé", "erstattet"), in a clause with no negation, future or
// condition before it. The usual wording of the claim is caught here; the small model's check reads the rest.

type ClaimWords = {
  /** Words of an act already done: auxiliaries, "already", and the subject of a simple past ("we refunded"). */
  done: readonly string[];
  /** The refund verb's participles. */
  refunded: readonly string[];
  /** Words that make the clause no claim when they come before the participle: a negation, a future, a condition. */
  voiding: readonly string[];
  /** How many words may stand between the two (German puts the participle at the clause's end). */
  gap: number;
};

const CLAIM_WORDS: Readonly<Record<'en' | 'es' | 'pt' | 'fr' | 'de' | 'it', ClaimWords>> = {
  en: {
    done: ['have', 'has', 'had', 've', 'was', 'were', 'been', 'already', 'we', 'i'],
    refunded: ['refunded', 'reimbursed'],
    voiding: ['not', 'never', 'nothing', 'will', 'll', 'would', 'be', 'once', 'when', 'after', 'until'],
    gap: 3,
  },
  es: {
    done: ['he', 'hemos', 'ha', 'han', 'fue', 'fueron', 'ya'],
    refunded: ['reembolsado', 'reembolsada', 'reembolsados', 'reembolsadas'],
    voiding: ['no', 'nunca', 'nada', 'será', 'serán', 'cuando'],
    gap: 3,
  },
  pt: {
    done: ['foi', 'foram', 'já', 'temos', 'tem'],
    refunded: ['reembolsado', 'reembolsada', 'reembolsados', 'reembolsadas', 'estornado', 'estornada'],
    voiding: ['não', 'nunca', 'nada', 'será', 'serão', 'quando'],
    gap: 3,
  },
  fr: {
    done: ['ai', 'avons', 'a', 'ont', 'été', 'déjà'],
    refunded: ['remboursé', 'remboursée', 'remboursés', 'remboursées'],
    voiding: ['pas', 'jamais', 'rien', 'aucun', 'aucune', 'sera', 'seront', 'serez', 'dès', 'quand', 'lorsque'],
    gap: 3,
  },
  de: {
    done: ['habe', 'haben', 'hat', 'wurde', 'wurden', 'ist', 'sind', 'bereits', 'schon'],
    refunded: ['erstattet', 'zurückerstattet', 'zurückgezahlt'],
    voiding: ['nicht', 'nie', 'nichts', 'kein', 'keine', 'wird', 'werden', 'sobald', 'wenn'],
    gap: Number.POSITIVE_INFINITY,
  },
  it: {
    done: ['ho', 'abbiamo', 'ha', 'hanno', 'è', 'stato', 'stata', 'stati', 'state', 'già'],
    refunded: ['rimborsato', 'rimborsata', 'rimborsati', 'rimborsate'],
    voiding: ['non', 'mai', 'nulla', 'niente', 'sarà', 'saranno', 'quando', 'appena'],
    gap: 3,
  },
};

/** The same words as sets, looked up once per word of a draft. */
type ClaimList = { done: ReadonlySet<string>; refunded: ReadonlySet<string>; voiding: ReadonlySet<string>; gap: number };

const CLAIM_LISTS: readonly ClaimList[] = Object.values(CLAIM_WORDS).map((w) => ({
  done: new Set(w.done),
  refunded: new Set(w.refunded),
  voiding: new Set(w.voiding),
  gap: w.gap,
}));

/** Clauses end at sentence and clause marks; a comma or point between digits ("40,00") is part of a number. */
const CLAUSE_END = /[;:!?\n()]|[.,](?!\d)/u;

function wordsOf(clause: string): string[] {
  return (
    clause
      .normalize('NFC')
      .toLowerCase()
      .match(/\p{L}+/gu) ?? []
  );
}

/** The words of one clause that claim the refund is done ("we have refunded"), or null. One pass. */
function claimIn(words: readonly string[], list: ClaimList): string | null {
  let done = -1;
  for (const [at, word] of words.entries()) {
    // A negation, a future or a condition: no participle after it in this clause is a claim.
    if (list.voiding.has(word)) return null;
    if (list.refunded.has(word) && done >= 0 && at - done - 1 <= list.gap) return words.slice(done, at + 1).join(' ');
    if (list.done.has(word)) done = at;
  }
  return null;
}

/** The words in `text` that say a refund was already made ("we have refunded", "a été remboursé"), or null when none do. */
export function refundClaimIn(text: string): string | null {
  for (const clause of text.split(CLAUSE_END)) {
    const words = wordsOf(clause);
    for (const list of CLAIM_LISTS) {
      const claim = claimIn(words, list);
      if (claim) return claim;
    }
  }
  return null;
}

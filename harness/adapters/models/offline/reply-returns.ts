// The offline reply agent's words for a return's three moments, in the languages it writes (en, es,
// de, fr): opened (what to send back, how, within how many days, and the refund it brings on receipt,
// never said to be made), refunded on receipt (a sentence naming the return and its fee), and closed
// with nothing refunded. Every figure and name comes from the facts as given (functions/shared/reply.ts):
// an address or a link the facts do not have is asked of the team, never written.

/** How the customer sends the parcel back, as the facts give it. */
export type ReturnInstructions = { kind: 'label'; url: string } | { kind: 'address'; address: string } | { kind: 'missing' };

/** The return's facts the offline writer reads. */
export interface ReturnReplyFacts {
  items?: string[];
  returnName?: string;
  fee?: string | null;
  sendWithinDays?: number;
  instructions?: ReturnInstructions;
  /** An exchange: what ships instead; `shipsAtOnce` when nothing comes back (reply-exchanges.ts). */
  exchange?: string[];
  shipsAtOnce?: boolean;
}

type Opened = { name: string; order: string; items: string; amount: string; fee: string | null; days: number; how: string };

type ReturnWords = {
  opened: (r: Opened) => string;
  label: (url: string) => string;
  address: (address: string) => string;
  /** A line for the team, in square brackets: the draft cannot go out before they add the instructions. */
  missing: string;
  /** After the refunded sentence: whose refund it is, and its fee. */
  refunded: (name: string, fee: string | null) => string;
  closed: (name: string, order: string, items: string) => string;
};

const WORDS: Record<'en' | 'es' | 'de' | 'fr', ReturnWords> = {
  en: {
    opened: (r) =>
      `Hello,\n\nWe have opened return ${r.name} for ${r.order}. Please send back within ${r.days} days: ${r.items}.\n\n${r.how}\n\n` +
      `Once the parcel arrives, you will receive ${r.amount} on your original payment method${r.fee ? ` (a return fee of ${r.fee} is taken from it)` : ''}.` +
      `\n\nBest regards,\nCustomer support`,
    label: (url) => `Use this return label: ${url}`,
    address: (address) => `Send the parcel to: ${address}`,
    missing: '[For the team: add how to send the parcel back before sending this reply: no return label or return address is on file.]',
    refunded: (name, fee) =>
      `This is the refund of return ${name}, now that your parcel has arrived${fee ? `; the return fee of ${fee} was taken from it` : ''}.`,
    closed: (name, order, items) =>
      `Hello,\n\nReturn ${name} for ${order} (${items}) has been closed: the parcel did not reach us within the time allowed, so no refund was made.` +
      `\n\nIf you have already sent it, please reply to this message.\n\nBest regards,\nCustomer support`,
  },
  es: {
    opened: (r) =>
      `Hola:\n\nHemos abierto la devolución ${r.name} para ${r.order}. Por favor, envíenos en un plazo de ${r.days} días: ${r.items}.\n\n${r.how}\n\n` +
      `Cuando recibamos el paquete, le devolveremos ${r.amount} a su método de pago original${r.fee ? ` (se descuenta una tarifa de devolución de ${r.fee})` : ''}.` +
      `\n\nSaludos cordiales,\nAtención al cliente`,
    label: (url) => `Utilice esta etiqueta de devolución: ${url}`,
    address: (address) => `Envíe el paquete a: ${address}`,
    missing: '[Para el equipo: añadan cómo devolver el paquete antes de enviar esta respuesta: no hay etiqueta ni dirección de devolución registrada.]',
    refunded: (name, fee) =>
      `Es el reembolso de la devolución ${name}, ahora que su paquete ha llegado${fee ? `; se descontó la tarifa de devolución de ${fee}` : ''}.`,
    closed: (name, order, items) =>
      `Hola:\n\nLa devolución ${name} para ${order} (${items}) se ha cerrado: el paquete no nos llegó en el plazo previsto, por lo que no se ha hecho ningún reembolso.` +
      `\n\nSi ya lo envió, responda a este mensaje, por favor.\n\nSaludos cordiales,\nAtención al cliente`,
  },
  de: {
    opened: (r) =>
      `Hallo,\n\nwir haben die Rücksendung ${r.name} für ${r.order} angelegt. Bitte senden Sie innerhalb von ${r.days} Tagen zurück: ${r.items}.\n\n${r.how}\n\n` +
      `Sobald das Paket bei uns eingeht, erhalten Sie ${r.amount} auf Ihre ursprüngliche Zahlungsart${r.fee ? ` (abzüglich einer Rücksendegebühr von ${r.fee})` : ''}.` +
      `\n\nMit freundlichen Grüßen\nKundenservice`,
    label: (url) => `Nutzen Sie dieses Rücksendeetikett: ${url}`,
    address: (address) => `Senden Sie das Paket an: ${address}`,
    missing: '[Für das Team: Bitte vor dem Senden ergänzen, wie das Paket zurückgeschickt wird: kein Rücksendeetikett und keine Rücksendeadresse hinterlegt.]',
    refunded: (name, fee) =>
      `Dies ist die Erstattung der Rücksendung ${name}, da Ihr Paket bei uns eingegangen ist${fee ? `; die Rücksendegebühr von ${fee} wurde abgezogen` : ''}.`,
    closed: (name, order, items) =>
      `Hallo,\n\ndie Rücksendung ${name} für ${order} (${items}) wurde geschlossen: Das Paket ist nicht rechtzeitig bei uns eingegangen, daher erfolgt keine Erstattung.` +
      `\n\nFalls Sie es bereits verschickt haben, antworten Sie bitte auf diese Nachricht.\n\nMit freundlichen Grüßen\nKundenservice`,
  },
  fr: {
    opened: (r) =>
      `Bonjour,\n\nNous avons ouvert le retour ${r.name} pour ${r.order}. Merci de nous renvoyer sous ${r.days} jours : ${r.items}.\n\n${r.how}\n\n` +
      `Dès réception du colis, vous recevrez ${r.amount} sur votre moyen de paiement d'origine${r.fee ? ` (des frais de retour de ${r.fee} sont déduits du remboursement)` : ''}.` +
      `\n\nCordialement,\nLe service client`,
    label: (url) => `Utilisez cette étiquette de retour : ${url}`,
    address: (address) => `Envoyez le colis à : ${address}`,
    missing: "[Pour l'équipe : ajoutez comment renvoyer le colis avant d'envoyer cette réponse : aucune étiquette ni adresse de retour enregistrée.]",
    refunded: (name, fee) =>
      `Il s'agit du remboursement du retour ${name}, votre colis nous étant parvenu${fee ? ` ; les frais de retour de ${fee} ont été déduits` : ''}.`,
    closed: (name, order, items) =>
      `Bonjour,\n\nLe retour ${name} pour ${order} (${items}) a été clôturé : le colis ne nous est pas parvenu dans le délai prévu, aucun remboursement n'a donc été effectué.` +
      `\n\nSi vous l'avez déjà envoyé, merci de répondre à ce message.\n\nCordialement,\nLe service client`,
  },
};

function wordsFor(language: string): ReturnWords {
  return WORDS[language as keyof typeof WORDS] ?? WORDS.en;
}

/** How to send the parcel, as a sentence in the reply's language; the team's line when the facts have no label nor address. */
export function howToSend(language: string, instructions: ReturnInstructions | undefined): string {
  const w = wordsFor(language);
  if (instructions?.kind === 'label') return `${w.label(instructions.url)}.`;
  if (instructions?.kind === 'address') return `${w.address(instructions.address)}.`;
  return w.missing;
}

/** The reply to a return just opened: `order` as the language writes it ("order #1001"), `amount` the refund on receipt, formatted. */
export function returnOpenedReply(facts: ReturnReplyFacts & { language: string }, order: string, amount: string): string {
  const w = wordsFor(facts.language);
  return w.opened({
    name: facts.returnName ?? '',
    order,
    items: (facts.items ?? []).join(', '),
    amount,
    fee: facts.fee ?? null,
    days: facts.sendWithinDays ?? 0,
    how: howToSend(facts.language, facts.instructions),
  });
}

/** The reply to a return closed with nothing refunded. */
export function returnClosedReply(facts: ReturnReplyFacts & { language: string }, order: string): string {
  return wordsFor(facts.language).closed(facts.returnName ?? '', order, (facts.items ?? []).join(', '));
}

/** The sentence a return's refund on receipt adds after the refunded one; null for a refund that was no return's. */
export function returnRefundedSentence(facts: ReturnReplyFacts & { language: string }): string | null {
  return facts.returnName ? wordsFor(facts.language).refunded(facts.returnName, facts.fee ?? null) : null;
}

/** The text the facts gave that is no money however many digits it holds: the label's link, the return address. */
export function givenPassages(facts: ReturnReplyFacts): string[] {
  const how = facts.instructions;
  return how?.kind === 'label' ? [how.url] : how?.kind === 'address' ? [how.address] : [];
}

// Spanish contracts "de" and "el" into "del": "el reembolso del pedido #1002", never "de el pedido".
export const deEs = (words: string): string => (words.startsWith('el ') ? `del ${words.slice(3)}` : `de ${words}`);

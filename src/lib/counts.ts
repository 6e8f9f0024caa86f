// "1 word", "4,210 words": a count with its noun, for the admin and the reader pages alike.
export const countOf = (count: number, one: string, many: string): string => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

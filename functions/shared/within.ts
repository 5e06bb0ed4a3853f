// A read a page can do without: the store asked while a page is drawn, given up after a deadline so
// the page still answers (and says the store could not be read). Pure apart from its timer.

/** `work`, or null once `ms` have passed or it failed. */
export async function within<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([work.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

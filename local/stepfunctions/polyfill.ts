// Node 20 polyfill for Promise.withResolvers, which aws-local-stepfunctions (built for Node 22) calls
// inside every Task. Imported first by engine.ts; a no-op on Node 22.
type Resolvers<T> = { promise: Promise<T>; resolve: (value: T | PromiseLike<T>) => void; reject: (reason?: unknown) => void };

const PromiseCtor = Promise as unknown as { withResolvers?: <T>() => Resolvers<T> };

if (typeof PromiseCtor.withResolvers !== 'function') {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value<T>(): Resolvers<T> {
      let resolve!: Resolvers<T>['resolve'];
      let reject!: Resolvers<T>['reject'];
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

export {};

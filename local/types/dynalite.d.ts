// dynalite ships no types; this is the part the local runtime uses.
declare module 'dynalite' {
  import type { Server } from 'node:http';
  export interface DynaliteOptions {
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    path?: string;
  }
  export default function dynalite(options?: DynaliteOptions): Server;
}

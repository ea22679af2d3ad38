// A table's reference data (card definitions, board layout), fetched once per
// table: it depends only on the game and its options, never on the play.

import { useEffect, useState } from "preact/hooks";
import { api, type Reference } from "./api";

/** Seconds to wait before each new try after a failed request; then the generic view. */
const RETRY_DELAYS = [0.5, 1, 2, 4];

const fetched = new Map<string, Promise<Reference>>();

function referenceOf(table: string): Promise<Reference> {
  let pending = fetched.get(table);
  if (!pending) {
    // A failed request is forgotten, so the next try asks again.
    pending = api.reference(table).then(
      (reply) => reply.data,
      (error: unknown) => {
        fetched.delete(table);
        throw error;
      },
    );
    fetched.set(table, pending);
  }
  return pending;
}

/** The table's reference data, or null while it is on its way. A failed request is
 * tried again a few times; after the last, {} (the renderer's generic view). */
export function useReference(table: string): Reference | null {
  const [reference, setReference] = useState<Reference | null>(null);
  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (tries: number) => {
      referenceOf(table).then(
        (data) => current && setReference(data),
        () => {
          if (!current) return;
          if (tries >= RETRY_DELAYS.length) setReference({});
          else timer = setTimeout(() => attempt(tries + 1), RETRY_DELAYS[tries] * 1000);
        },
      );
    };
    setReference(null);
    attempt(0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [table]);
  return reference;
}

// A table's reference data (card definitions, board layout), fetched once per
// table: it depends only on the game and its options, never on the play.

import { useEffect, useState } from "preact/hooks";
import { api, type Reference } from "./api";

const fetched = new Map<string, Promise<Reference>>();

function referenceOf(table: string): Promise<Reference> {
  let pending = fetched.get(table);
  if (!pending) {
    // A failed request gives {} (the renderer falls back to the generic view)
    // and is forgotten, so the next page that needs it asks again.
    pending = api.reference(table).then(
      (reply) => reply.data,
      () => {
        fetched.delete(table);
        return {};
      },
    );
    fetched.set(table, pending);
  }
  return pending;
}

/** The table's reference data, or null while it is on its way. */
export function useReference(table: string): Reference | null {
  const [reference, setReference] = useState<Reference | null>(null);
  useEffect(() => {
    let current = true;
    setReference(null);
    referenceOf(table).then((data) => current && setReference(data));
    return () => {
      current = false;
    };
  }, [table]);
  return reference;
}

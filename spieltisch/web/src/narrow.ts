// Whether the window is phone-narrow: boards too wide for it are then drawn in
// parts that stack (ALLEGRA's strip layout by layout, Lucandor's wardrobe by section).

import { useEffect, useState } from "preact/hooks";

const QUERY = "(max-width: 600px)";

export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(QUERY).matches);
  useEffect(() => {
    const media = window.matchMedia(QUERY);
    const changed = () => setNarrow(media.matches);
    media.addEventListener("change", changed);
    return () => media.removeEventListener("change", changed);
  }, []);
  return narrow;
}

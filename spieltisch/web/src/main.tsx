// Routes (in the address's #fragment, so the server serves one page):
// #/ lobby, #/table/<id> a table, #/replay/<id> the replay of a finished game.

import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { initialLang, texts, type Lang } from "./i18n";
import { Lobby } from "./lobby";
import { ReplayPage } from "./replay";
import { TablePage } from "./table";
import "./style.css";

function useHash(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const changed = () => setHash(location.hash);
    window.addEventListener("hashchange", changed);
    return () => window.removeEventListener("hashchange", changed);
  }, []);
  return hash;
}

function App() {
  const [lang, setLang] = useState<Lang>(initialLang());
  const hash = useHash();
  const t = texts(lang);
  useEffect(() => {
    document.documentElement.lang = lang;
    localStorage.setItem("spieltisch:lang", lang);
  }, [lang]);
  const [, page, id] = hash.match(/^#\/(table|replay)\/([\w-]{1,32})/) ?? [];
  return (
    <>
      <nav class="top">
        <a href="#/" class="brand">
          spieltisch
        </a>
        <a href="#/">{t("lobby")}</a>
        <button type="button" class="lang" onClick={() => setLang(lang === "de" ? "en" : "de")}>
          {t("language")}
        </button>
      </nav>
      <main>
        {page === "table" && id ? (
          <TablePage key={id} id={id} t={t} lang={lang} />
        ) : page === "replay" && id ? (
          <ReplayPage key={id} id={id} t={t} lang={lang} />
        ) : (
          <Lobby t={t} />
        )}
      </main>
    </>
  );
}

render(<App />, document.getElementById("app")!);

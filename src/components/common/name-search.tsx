"use client";

import { useState } from "react";
import { MAX_SEARCH_LENGTH } from "../../shared/vocabulary";
import { SEARCH_DEBOUNCE_MS, useDebounced } from "./use-debounced";

/**
 * A list's search by name, done by the server: the box's text, and `needle`, the trimmed text once
 * typing pauses (what the list asks for). `onNewNeedle` runs when the needle changes (back to page 1).
 */
export function useNameSearch(onNewNeedle: () => void) {
  const [search, setSearch] = useState("");
  const needle = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [searched, setSearched] = useState(needle);
  if (searched !== needle) {
    setSearched(needle);
    onNewNeedle();
  }
  return { search, setSearch, needle };
}

/** The search box of a list's filters. */
export function NameSearchBox(props: { value: string; onChange: (value: string) => void; placeholder: string }) {
  return (
    <label>
      Search by name
      <input
        type="search"
        value={props.value}
        maxLength={MAX_SEARCH_LENGTH}
        onChange={(e) => props.onChange(e.target.value)}
        placeholder={props.placeholder}
      />
    </label>
  );
}

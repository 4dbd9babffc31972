// Status pages: shows each <time data-local> in the reader's time zone (the page says UTC without script).
for (const el of document.querySelectorAll("time[data-local]")) {
  const at = new Date(el.getAttribute("datetime"));
  if (!Number.isNaN(at.getTime()))
    el.textContent = at.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short", timeZoneName: "short" });
}

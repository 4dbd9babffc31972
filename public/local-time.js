// Status pages: shows each <time data-local> in the reader's time zone (the page says UTC without script).
const shown = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
};
for (const el of document.querySelectorAll("time[data-local]")) {
  const at = new Date(el.getAttribute("datetime"));
  if (!Number.isNaN(at.getTime())) el.textContent = at.toLocaleString(undefined, shown);
}

export default function MonitorsPage() {
  return (
    <section>
      <h1>Monitors</h1>
      <p className="muted">Cron monitors and their runs arrive here.</p>
    </section>
  );
}

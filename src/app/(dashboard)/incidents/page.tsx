export default function IncidentsPage() {
  return (
    <section>
      <h1>Incidents</h1>
      <p className="muted">Open and resolved incidents.</p>
    </section>
  );
}

export default function ServicesPage() {
  return (
    <section>
      <h1>Services</h1>
      <p className="muted">Actively probed HTTP and TCP services.</p>
    </section>
  );
}

export default function ProjectsPage() {
  return (
    <section>
      <h1>Projects</h1>
      <p className="muted">Projects group services and monitors.</p>
    </section>
  );
}

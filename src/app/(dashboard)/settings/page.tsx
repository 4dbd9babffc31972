export default function SettingsPage() {
  return (
    <section>
      <h1>Settings</h1>
      <p className="muted">Profile, organizations, service tokens and integrations.</p>
    </section>
  );
}

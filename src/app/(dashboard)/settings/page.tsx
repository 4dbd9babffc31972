import { IntegrationsSection } from "../../../components/integrations/integrations-section";
import { OrgsSection } from "../../../components/settings/orgs-section";
import { ProbesSection } from "../../../components/settings/probes-section";
import { ProfileSection } from "../../../components/settings/profile-section";

export default function SettingsPage() {
  return (
    <section className="stack-lg">
      <h1>Settings</h1>
      <ProfileSection />
      <OrgsSection />
      <IntegrationsSection />
      <ProbesSection />
    </section>
  );
}

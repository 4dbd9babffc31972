import { ProjectPage } from "../../../components/projects/project-page";

export default function ProjectsPage() {
  return <ProjectPage />;
}

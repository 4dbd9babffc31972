import { projectsFirst } from "../../../components/first-screen";
import { ProjectPage } from "../../../components/projects/project-page";
import { Prefetch } from "../../../trpc/server";

export default function ProjectsPage() {
  return (
    <Prefetch first={projectsFirst}>
      <ProjectPage />
    </Prefetch>
  );
}

import { z } from "zod";
import { envelope, idParam, messageOutput } from "../../../shared/schemas/common";
import {
  assignServicesInput,
  createProjectInput,
  patchProjectInput,
  project,
  reorderProjectsInput,
  replaceProjectInput,
  unassignServicesInput,
} from "../../../shared/schemas/projects";
import { service } from "../../../shared/schemas/services";
import * as projects from "../../services/accounts/projects";
import * as projectServices from "../../services/accounts/project-services";
import { router, userProcedure } from "../trpc";

const tags = ["Projects"];
/** Project endpoints answer errors in the reduced form `{error:{message, details?}}` (spec 7.1). */
const errorFormat = "project" as const;

const reorder = (method: "PUT" | "POST") =>
  userProcedure
    .meta({
      openapi: {
        method,
        path: "/projects/reorder",
        tags,
        summary: "Set the order of your projects (unknown ids ignored)",
        protect: true,
      },
      errorFormat,
    })
    .input(reorderProjectsInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => projects.reorderProjects(ctx.user.userId, input.projects));

/** Static paths (`/projects/reorder`) come before `{id}` paths: the REST adapter matches first-found. */
export const projectsRouter = router({
  list: userProcedure
    .meta({
      openapi: { method: "GET", path: "/projects", tags, summary: "Your projects, by order then name", protect: true },
      errorFormat,
    })
    .input(z.void())
    .output(envelope(z.array(project)))
    .query(async ({ ctx }) => ({ data: await projects.listProjects(ctx.user.userId) })),

  create: userProcedure
    .meta({
      openapi: { method: "POST", path: "/projects", tags, summary: "Create a project", protect: true },
      successStatus: 201,
      errorFormat,
    })
    .input(createProjectInput)
    .output(envelope(project))
    .mutation(async ({ ctx, input }) => ({ data: await projects.createProject(ctx.user.userId, input) })),

  reorder: reorder("PUT"),
  reorderPost: reorder("POST"),

  get: userProcedure
    .meta({
      openapi: { method: "GET", path: "/projects/{id}", tags, summary: "Read a project", protect: true },
      errorFormat,
    })
    .input(z.object({ id: idParam }))
    .output(envelope(project))
    .query(async ({ ctx, input }) => ({ data: await projects.getProject(ctx.user.userId, input.id) })),

  replace: userProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/projects/{id}",
        tags,
        summary: "Replace a project (every field required)",
        protect: true,
      },
      errorFormat,
    })
    .input(replaceProjectInput)
    .output(envelope(project))
    .mutation(async ({ ctx, input: { id, ...fields } }) => ({
      data: await projects.updateProject(ctx.user.userId, id, fields),
    })),

  update: userProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/projects/{id}",
        tags,
        summary: "Change some fields of a project",
        protect: true,
      },
      errorFormat,
    })
    .input(patchProjectInput)
    .output(envelope(project))
    .mutation(async ({ ctx, input: { id, ...fields } }) => ({
      data: await projects.updateProject(ctx.user.userId, id, fields),
    })),

  delete: userProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/projects/{id}",
        tags,
        summary: "Delete a project; its services stay, unassigned",
        protect: true,
      },
      successStatus: 204,
      errorFormat,
    })
    .input(z.object({ id: idParam }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await projects.deleteProject(ctx.user.userId, input.id);
    }),

  services: userProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/projects/{id}/services",
        tags,
        summary: "The services of a project",
        protect: true,
      },
      errorFormat,
    })
    .input(z.object({ id: idParam }))
    .output(envelope(z.array(service)))
    .query(async ({ ctx, input }) => ({ data: await projectServices.listProjectServices(ctx.user.userId, input.id) })),

  assignServices: userProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/projects/{id}/assign_services",
        tags,
        summary: "Assign services (all or nothing)",
        protect: true,
      },
      errorFormat: "assignment",
    })
    .input(assignServicesInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => projectServices.assignServices(ctx.user.userId, input.id, input.service_ids)),

  unassignServices: userProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/projects/{id}/unassign_services",
        tags,
        summary: "Unassign services (JSON body `{service_ids}`; ids not in this project are ignored)",
        protect: true,
      },
      errorFormat: "assignment",
    })
    .input(unassignServicesInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => projectServices.unassignServices(ctx.user.userId, input.id, input.service_ids)),
});

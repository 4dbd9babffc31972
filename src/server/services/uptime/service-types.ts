import { AppError } from "../../../shared/errors";
import {
  configJsonSchema,
  isServiceType,
  SERVICE_TYPE_NAMES,
  SERVICE_TYPES,
  type ServiceType,
} from "../../../shared/service-types";

/** The catalogue of service types (spec 4.4), read from the type registry. */
export function listServiceTypes() {
  return SERVICE_TYPE_NAMES.map(summary);
}

export function serviceTypeDetail(type: string) {
  const known = knownType(type);
  const schema = configJsonSchema(known) as { required?: string[]; properties?: Record<string, { default?: unknown }> };
  const defaults = Object.fromEntries(
    Object.entries(schema.properties ?? {}).flatMap(([field, prop]) =>
      prop.default === undefined ? [] : [[field, prop.default]],
    ),
  );
  return { ...summary(known), required_fields: schema.required ?? [], defaults };
}

export function serviceTypeSchema(type: string): Record<string, unknown> {
  return configJsonSchema(knownType(type));
}

function summary(type: ServiceType) {
  return { type, name: SERVICE_TYPES[type].name, description: SERVICE_TYPES[type].description };
}

function knownType(type: string): ServiceType {
  if (!isServiceType(type))
    throw new AppError("NOT_FOUND", `Unknown service type ${type}; known: ${SERVICE_TYPE_NAMES.join(", ")}`);
  return type;
}

import * as z from 'zod/mini';

// The idea service leaves payloads "not shown"; these follow the sandbox's documented choices (sandbox/README.md)
// and tolerate unknown fields.

export const IdeaFieldSchema = z.looseObject({
  key: z.string().check(z.minLength(1)),
  label: z.string(),
  type: z.enum(['text', 'longText', 'number', 'singleChoice', 'multipleChoice', 'yesNo', 'date', 'category', 'user']),
  required: z.boolean(),
  helpText: z.optional(z.string()),
  maxLength: z.optional(z.int().check(z.positive())),
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  options: z.optional(z.array(z.looseObject({ value: z.string(), label: z.string() }))),
  maxSelections: z.optional(z.int().check(z.positive())),
});
export type IdeaField = z.infer<typeof IdeaFieldSchema>;

export const IdeaSchemaSchema = z.looseObject({
  version: z.int(),
  title: z.string(),
  fields: z.array(IdeaFieldSchema),
});
export type IdeaSchema = z.infer<typeof IdeaSchemaSchema>;

export const IdeaSchema = z.looseObject({
  id: z.int(),
  name: z.string(),
  description: z.optional(z.nullable(z.string())),
  phase: z.string(),
  status: z.string(),
  categoryId: z.optional(z.nullable(z.int())),
  submitterId: z.optional(z.nullable(z.int())),
  createdAt: z.string(),
  updatedAt: z.optional(z.string()),
  tags: z.optional(z.array(z.string())),
  values: z.optional(z.record(z.string(), z.unknown())),
  /** The moves POST /automations/status accepts from here; the spec does not show them, so a service may leave it out. */
  allowedTransitions: z.optional(z.array(z.looseObject({ phase: z.string(), status: z.string() }))),
});
export type Idea = z.infer<typeof IdeaSchema>;

export const IdeaUserSchema = z.looseObject({
  id: z.int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.optional(z.array(z.string())),
  status: z.optional(z.string()),
});
export const CategorySchema = z.looseObject({
  id: z.int(),
  name: z.string(),
  parentId: z.nullable(z.int()),
});
export type Category = z.infer<typeof CategorySchema>;
export const CollaboratorSchema = z.looseObject({ userId: z.int(), role: z.string() });
export const DocumentSchema = z.looseObject({ id: z.int(), name: z.string(), url: z.string() });
export const ComponentSchema = z.looseObject({
  id: z.int(),
  name: z.string(),
  type: z.optional(z.string()),
  version: z.optional(z.string()),
});
export type Component = z.infer<typeof ComponentSchema>;
export const AppSchema = z.looseObject({
  id: z.int(),
  name: z.string(),
  version: z.optional(z.string()),
  vendor: z.optional(z.string()),
});
export type Application = z.infer<typeof AppSchema>;
export const ReviewSchema = z.looseObject({
  id: z.int(),
  automationId: z.int(),
  userId: z.int(),
  rating: z.number(),
  comment: z.optional(z.string()),
});
export type Review = z.infer<typeof ReviewSchema>;
export const PipelineSchema = z.array(
  z.looseObject({
    phase: z.string(),
    statuses: z.array(z.looseObject({ status: z.string(), count: z.int() })),
  }),
);

export const dataOf = <T extends z.ZodMiniType>(schema: T) => z.looseObject({ data: schema });
export const pageOf = <T extends z.ZodMiniType>(row: T) =>
  z.looseObject({
    data: z.array(row),
    page: z.looseObject({ number: z.int(), size: z.int(), total: z.int() }),
  });

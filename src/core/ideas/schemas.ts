import { z } from 'zod';

// The idea service leaves payloads "not shown"; these follow the sandbox's documented choices (sandbox/README.md)
// and tolerate unknown fields.

export const IdeaFieldSchema = z.looseObject({
  key: z.string().min(1),
  label: z.string(),
  type: z.enum(['text', 'longText', 'number', 'singleChoice', 'multipleChoice', 'yesNo', 'date', 'category', 'user']),
  required: z.boolean(),
  helpText: z.string().optional(),
  maxLength: z.number().int().positive().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  options: z.array(z.looseObject({ value: z.string(), label: z.string() })).optional(),
  maxSelections: z.number().int().positive().optional(),
});
export type IdeaField = z.infer<typeof IdeaFieldSchema>;

export const IdeaSchemaSchema = z.looseObject({
  version: z.number().int(),
  title: z.string(),
  fields: z.array(IdeaFieldSchema),
});
export type IdeaSchema = z.infer<typeof IdeaSchemaSchema>;

export const IdeaSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable().optional(),
  phase: z.string(),
  status: z.string(),
  categoryId: z.number().int().nullable().optional(),
  submitterId: z.number().int().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  tags: z.array(z.string()).optional(),
  values: z.record(z.string(), z.unknown()).optional(),
  /** The moves POST /automations/status accepts from here; the spec does not show them, so a service may leave it out. */
  allowedTransitions: z.array(z.looseObject({ phase: z.string(), status: z.string() })).optional(),
});
export type Idea = z.infer<typeof IdeaSchema>;

export const IdeaUserSchema = z.looseObject({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()).optional(),
  status: z.string().optional(),
});
export const CategorySchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
});
export type Category = z.infer<typeof CategorySchema>;
export const CollaboratorSchema = z.looseObject({ userId: z.number().int(), role: z.string() });
export const DocumentSchema = z.looseObject({ id: z.number().int(), name: z.string(), url: z.string() });
export const ComponentSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  type: z.string().optional(),
  version: z.string().optional(),
});
export type Component = z.infer<typeof ComponentSchema>;
export const AppSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  version: z.string().optional(),
  vendor: z.string().optional(),
});
export type Application = z.infer<typeof AppSchema>;
export const ReviewSchema = z.looseObject({
  id: z.number().int(),
  automationId: z.number().int(),
  userId: z.number().int(),
  rating: z.number(),
  comment: z.string().optional(),
});
export type Review = z.infer<typeof ReviewSchema>;
export const PipelineSchema = z.array(
  z.looseObject({
    phase: z.string(),
    statuses: z.array(z.looseObject({ status: z.string(), count: z.number().int() })),
  }),
);

export const dataOf = <T extends z.ZodType>(schema: T) => z.looseObject({ data: schema });
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.looseObject({
    data: z.array(row),
    page: z.looseObject({ number: z.number().int(), size: z.number().int(), total: z.number().int() }),
  });

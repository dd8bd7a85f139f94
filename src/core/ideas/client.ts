import * as z from 'zod/mini';
import { invalidInput } from '../http/errors';
import {
  AppSchema,
  CategorySchema,
  CollaboratorSchema,
  ComponentSchema,
  dataOf,
  DocumentSchema,
  IdeaSchema,
  IdeaSchemaSchema,
  IdeaUserSchema,
  pageOf,
  PipelineSchema,
  ReviewSchema,
  type IdeaSchema as FormSchema,
} from './schemas';
import { validateIdeaValues } from './validation';
import { t } from '../l10n';
import { assertSendable } from '../odata/filter';
import {
  checkedAutomationId,
  checkedId,
  IdeaRequests,
  pageQuery,
  type Attachment,
  type CallOptions,
  type Paging,
} from './ideaRequests';

export type { IdeaServiceOptions } from './ideaRequests';

/** The idea-management open API: every endpoint of its table, with bodies as the sandbox documents them. */
export class IdeaClient extends IdeaRequests {
  async schema(options: CallOptions = {}) {
    return (await this.call('GET', '/idea-schema', dataOf(IdeaSchemaSchema), undefined, options)).data;
  }

  /** Checked against the form before sending; field errors come back from the service too (OrchestratorError). */
  async submit(form: FormSchema, values: Record<string, unknown>, options: CallOptions = {}) {
    const problems = validateIdeaValues(form, values);
    if (problems.length > 0)
      throw invalidInput('POST /idea-from-schema', problems.map((p) => `${p.field}: ${p.message}`).join('\n'));
    return (
      await this.call('POST', '/idea-from-schema', dataOf(IdeaSchema), { schemaVersion: form.version, values }, options)
    ).data;
  }

  async ideaForm(automationId: number, options: CallOptions = {}) {
    return (
      await this.call(
        'GET',
        `/automations/${checkedAutomationId(automationId)}/schema`,
        dataOf(z.looseObject({ schema: IdeaSchemaSchema, values: z.record(z.string(), z.unknown()) })),
        undefined,
        options,
      )
    ).data;
  }

  async updateIdea(automationId: number, values: Record<string, unknown>, options: CallOptions = {}) {
    return (
      await this.call(
        'PATCH',
        `/automations/${checkedAutomationId(automationId)}`,
        dataOf(IdeaSchema),
        { values },
        options,
      )
    ).data;
  }

  async ideas(options: Paging & { phase?: string; status?: string; search?: string } = {}) {
    const params = new URLSearchParams(pageQuery(options).slice(1));
    // The search is the user's text (the Ideas view's filter): refused before sending, naming it, when it cannot go
    // into an address (too long, or a broken character), as OData filter text is.
    if (options.search) assertSendable(options.search, t('search text'));
    for (const key of ['phase', 'status', 'search'] as const) if (options[key]) params.set(key, options[key]!);
    return this.call('GET', `/automations${params.size ? `?${params}` : ''}`, pageOf(IdeaSchema), undefined, options);
  }

  async collaborators(options: Paging = {}) {
    return this.call(
      'GET',
      `/automations/collaborators${pageQuery(options)}`,
      pageOf(z.extend(CollaboratorSchema, { automationId: z.int() })),
      undefined,
      options,
    );
  }

  async addCollaborator(automationId: number, userId: number, role = 'Collaborator', options: CallOptions = {}) {
    return this.call(
      'POST',
      `/automations/${checkedAutomationId(automationId)}/collaborators`,
      dataOf(z.array(CollaboratorSchema)),
      { userId, role },
      options,
    );
  }

  async removeCollaborator(automationId: number, userId: number, options: CallOptions = {}) {
    return this.call(
      'DELETE',
      `/automations/${checkedAutomationId(automationId)}/collaborators?userId=${checkedId(userId, 'userId')}`,
      undefined,
      undefined,
      options,
    );
  }

  async documents(automationId: number, options: CallOptions = {}) {
    return this.call(
      'GET',
      `/automations/${checkedAutomationId(automationId)}/documents`,
      dataOf(z.array(DocumentSchema)),
      undefined,
      options,
    );
  }

  async addDocument(automationId: number, document: Attachment, options: CallOptions = {}) {
    return this.attach(automationId, 'documents', document, options);
  }

  async components(automationId?: number, options: CallOptions = {}) {
    const path =
      automationId === undefined ? '/components' : `/automations/${checkedAutomationId(automationId)}/components`;
    return this.call('GET', path, dataOf(z.array(ComponentSchema)), undefined, options);
  }

  async questionnaire(options: CallOptions = {}) {
    return this.call(
      'GET',
      '/questionnaire',
      dataOf(z.array(z.looseObject({ id: z.number(), question: z.string() }))),
      undefined,
      options,
    );
  }

  async costBenefit(options: Paging = {}) {
    return this.call(
      'GET',
      `/cba${pageQuery(options)}`,
      pageOf(z.looseObject({ automationId: z.int() })),
      undefined,
      options,
    );
  }

  async setProjectPlanBaseline(automationId: number, baseline: Record<string, unknown>, options: CallOptions = {}) {
    return this.call(
      'PUT',
      `/automations/cba/${checkedAutomationId(automationId)}/project-plan-baseline`,
      dataOf(z.unknown()),
      baseline,
      options,
    );
  }

  /** Legacy submission; refused by services whose idea flow is customised (use submit). */
  async legacySubmit(
    kind: 'automationidea' | 'coe-automationidea' | 'processmining-idea',
    idea: { name: string; description: string },
    options: CallOptions = {},
  ) {
    return this.call('POST', `/${kind}`, dataOf(IdeaSchema), idea, options);
  }

  async addMedia(automationId: number, media: Attachment, options: CallOptions = {}) {
    return this.attach(automationId, 'media', media, options);
  }

  /** A document or a medium is attached the same way: by name and address, answered with what was stored. */
  private async attach(automationId: number, list: 'documents' | 'media', what: Attachment, options: CallOptions) {
    const path = `/automations/${checkedAutomationId(automationId)}/${list}`;
    return this.call('POST', path, dataOf(DocumentSchema), what, options);
  }

  async moveStatus(automationId: number, phase: string, status: string, comment?: string, options: CallOptions = {}) {
    return (
      await this.call(
        'POST',
        '/automations/status',
        dataOf(IdeaSchema),
        { automationId: checkedAutomationId(automationId), phase, status, ...(comment ? { comment } : {}) },
        options,
      )
    ).data;
  }

  async setTags(automationId: number, tags: string[], options: CallOptions = {}) {
    if (tags.some((t) => !t.trim() || t.length > 50))
      throw invalidInput('POST /automations/tags', t('Tags must be 1 to 50 characters.'));
    return this.call(
      'POST',
      `/automations/${checkedAutomationId(automationId)}/tags`,
      dataOf(z.array(z.string())),
      { tags },
      options,
    );
  }

  async setCategory(automationId: number, categoryId: number, options: CallOptions = {}) {
    return this.call(
      'PUT',
      `/automation/${checkedAutomationId(automationId)}/categories`,
      dataOf(IdeaSchema),
      { categoryId },
      options,
    );
  }

  async pipeline(options: CallOptions = {}) {
    return this.call('GET', '/automationpipeline', dataOf(PipelineSchema), undefined, options);
  }

  async users(options: Paging = {}) {
    return this.call('GET', `/users${pageQuery(options)}`, pageOf(IdeaUserSchema), undefined, options);
  }

  async roles(options: CallOptions = {}) {
    return this.call('GET', '/roles', dataOf(z.array(z.string())), undefined, options);
  }

  async addUser(user: { email: string; firstName: string; lastName: string }, options: CallOptions = {}) {
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(user.email))
      throw invalidInput('POST /adduser', t("'{0}' is not an e-mail address.", user.email));
    return this.call('POST', '/adduser', dataOf(IdeaUserSchema), user, options);
  }

  async editUser(
    user: { id: number; firstName?: string; lastName?: string; status?: string },
    options: CallOptions = {},
  ) {
    return this.call('POST', '/edituser', dataOf(IdeaUserSchema), user, options);
  }

  async applications(options: CallOptions = {}) {
    return this.call('GET', '/appinventory', dataOf(z.array(AppSchema)), undefined, options);
  }

  async saveApplication(
    app: { id?: number; name: string; version?: string; vendor?: string },
    options: CallOptions = {},
  ) {
    return this.call('PUT', '/appinventory', dataOf(AppSchema), app, options);
  }

  async deleteApplication(applicationId: number, options: CallOptions = {}) {
    return this.call(
      'DELETE',
      `/appinventory/${checkedId(applicationId, 'applicationId')}`,
      undefined,
      undefined,
      options,
    );
  }

  async categories(options: CallOptions = {}) {
    return this.call('GET', '/hierarchy', dataOf(z.array(CategorySchema)), undefined, options);
  }

  async replaceCategories(
    categories: { id: number; name: string; parentId: number | null }[],
    options: CallOptions = {},
  ) {
    return this.call('PUT', '/categories', dataOf(z.array(CategorySchema)), { categories }, options);
  }

  async store(options: Paging = {}) {
    return this.call('GET', `/automation-store${pageQuery(options)}`, pageOf(IdeaSchema), undefined, options);
  }

  async reviews(automationId: number, options: CallOptions = {}) {
    return this.call(
      'GET',
      `/automation-store/${checkedAutomationId(automationId)}/reviews`,
      dataOf(z.array(ReviewSchema)),
      undefined,
      options,
    );
  }
}

// What ideas refer to: users and roles, the application inventory, the category hierarchy, components, the store.
import { badRequest, ErrorCode, HttpError, notFound } from '../server/errors';
import { json, empty, objectBody } from '../server/http';
import type { PathRoute } from '../server/router';
import { type IdeasContext, idParam, paged, str, publicIdea } from './routeHelpers';

export const DIRECTORY_ROUTES: PathRoute<IdeasContext>[] = [
  { method: 'GET', pattern: '/users', summary: 'Users', handler: (req, _p, ctx) => paged(req, ctx.state.users) },
  {
    method: 'GET',
    pattern: '/roles',
    summary: 'Roles',
    handler: () => json({ data: ['System Admin', 'Automation Developer', 'Standard User', 'Program Manager'] }),
  },
  {
    method: 'POST',
    pattern: '/adduser',
    summary: 'Add a user (email, firstName, lastName)',
    handler: (req, _p, ctx) => {
      const body = objectBody(req);
      const email = str(body, 'email', 254);
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
        throw new HttpError(400, ErrorCode.validationFailed, 'email is not an e-mail address.', {}, [
          { field: 'email', message: 'Not an e-mail address.' },
        ]);
      if (ctx.state.users.some((u) => u.email === email))
        throw new HttpError(409, ErrorCode.conflict, `A user with e-mail ${email} exists.`);
      const user = {
        id: ctx.state.nextId++,
        email,
        firstName: str(body, 'firstName', 100),
        lastName: str(body, 'lastName', 100),
        roles: ['Standard User'],
        status: 'Active',
      };
      ctx.state.users.push(user);
      ctx.changed();
      return json({ data: user }, 201);
    },
  },
  {
    method: 'POST',
    pattern: '/edituser',
    summary: 'Edit a user (id plus fields)',
    handler: (req, _p, ctx) => {
      const body = objectBody(req);
      const user = ctx.state.users.find((u) => u.id === body.id);
      if (!user) throw notFound(`User ${String(body.id)} does not exist.`);
      for (const key of ['firstName', 'lastName', 'status'] as const)
        if (typeof body[key] === 'string') user[key] = body[key];
      ctx.changed();
      return json({ data: user });
    },
  },
  {
    method: 'GET',
    pattern: '/appinventory',
    summary: 'Application inventory',
    handler: (_r, _p, ctx) => json({ data: ctx.state.appInventory }),
  },
  {
    method: 'PUT',
    pattern: '/appinventory',
    summary: 'Add or update an application (id optional, name, version, vendor)',
    handler: (req, _p, ctx) => {
      const body = objectBody(req);
      const existing = ctx.state.appInventory.find((a) => a.id === body.id);
      const app = {
        id: existing?.id ?? ctx.state.nextId++,
        name: str(body, 'name', 200),
        version: typeof body.version === 'string' ? body.version : '',
        vendor: typeof body.vendor === 'string' ? body.vendor : '',
      };
      if (existing) Object.assign(existing, app);
      else ctx.state.appInventory.push(app);
      ctx.changed();
      return json({ data: app });
    },
  },
  {
    method: 'DELETE',
    pattern: '/appinventory/{applicationId}',
    summary: 'Remove an application',
    handler: (_r, p, ctx) => {
      const id = idParam(p, 'applicationId');
      const index = ctx.state.appInventory.findIndex((a) => a.id === id);
      if (index < 0) throw notFound(`Application ${id} does not exist.`);
      ctx.state.appInventory.splice(index, 1);
      ctx.changed();
      return empty();
    },
  },
  {
    method: 'GET',
    pattern: '/hierarchy',
    summary: 'Category hierarchy',
    handler: (_r, _p, ctx) => json({ data: ctx.state.categories }),
  },
  {
    method: 'PUT',
    pattern: '/categories',
    summary: 'Replace the category list',
    handler: (req, _p, ctx) => {
      const categories = objectBody(req).categories;
      if (
        !Array.isArray(categories) ||
        !categories.every((c) => typeof c?.id === 'number' && typeof c?.name === 'string' && c.name.trim())
      )
        throw badRequest('categories must be an array of { id, name, parentId }.');
      ctx.state.categories = categories.map((c) => ({ id: c.id, name: c.name, parentId: c.parentId ?? null }));
      ctx.changed();
      return json({ data: ctx.state.categories });
    },
  },
  {
    method: 'GET',
    pattern: '/components',
    summary: 'Components',
    handler: (_r, _p, ctx) => json({ data: ctx.state.components }),
  },
  {
    method: 'GET',
    pattern: '/automation-store',
    summary: 'Live automations published to the store',
    handler: (req, _p, ctx) => paged(req, ctx.state.ideas.filter((i) => i.phase === 'Live').map(publicIdea)),
  },
  {
    method: 'GET',
    pattern: '/automation-store/{automationId}/reviews',
    summary: 'Reviews of a store automation',
    handler: (_r, p, ctx) =>
      json({ data: ctx.state.reviews.filter((r) => r.automationId === idParam(p, 'automationId')) }),
  },
];

import { GreetingInput, GreetingResult, Profile, ProfilePatch } from '@deckhand/contract/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth-guard';
import { sendGreeting } from './commands/send-greeting';
import { updateProfile } from './commands/update-profile';
import { getProfile } from './queries/profiles';

const tags = ['profile'];

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', app.authenticate);

  app.get('/profile', { schema: { tags, response: { 200: Profile } } }, (req) =>
    getProfile(deps.db, actorOf(req).userId),
  );

  app.patch('/profile', { schema: { tags, body: ProfilePatch, response: { 200: Profile } } }, (req) =>
    updateProfile(deps, actorOf(req), req.body),
  );

  // The body's address is ignored on purpose: the greeting only ever goes to the caller's own account.
  app.post('/mail/greeting', { schema: { tags, body: GreetingInput, response: { 200: GreetingResult } } }, (req) =>
    sendGreeting(deps, actorOf(req)),
  );
};

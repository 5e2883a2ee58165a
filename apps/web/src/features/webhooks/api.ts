import {
  CreatedWebhook,
  type CreateWebhookInput,
  DeliveryPage,
  type UpdateWebhookInput,
  Webhook,
  WebhookDelivery,
  WebhookSecret,
} from '@deckhand/contract/webhooks';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiData } from '../../lib/api';
import type { Camelize } from '../../lib/case';
import { deliveryPollMs } from './delivery-polling';

export type ClientWebhook = Camelize<Webhook>;
export type ClientCreatedWebhook = Camelize<CreatedWebhook>;
export type ClientDelivery = Camelize<WebhookDelivery>;

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (projectId: string) => [...webhookKeys.all, 'list', projectId] as const,
  deliveries: (webhookId: string) => [...webhookKeys.all, 'deliveries', webhookId] as const,
};

/** The project's webhooks, oldest first, without their secrets (admins and the owner only). */
export const webhookListQuery = (projectId: string) =>
  queryOptions({
    queryKey: webhookKeys.list(projectId),
    queryFn: () => apiData(z.array(Webhook), `projects/${projectId}/webhooks`),
  });

/**
 * A webhook's delivery log, newest first, a page at a time. Polled while one of its deliveries is about to be sent
 * (delivery-polling.ts), since no live event says when an attempt ends; a disabled webhook sends nothing, so its log
 * is not polled.
 */
export const deliveryLogQuery = (webhookId: string, isEnabled: boolean) =>
  infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(webhookId),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (pageParam) params.set('cursor', pageParam);
      return apiData(DeliveryPage, `webhooks/${webhookId}/deliveries?${params.toString()}`);
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: (query) =>
      isEnabled ? deliveryPollMs(query.state.data?.pages.flatMap((page) => page.items) ?? [], Date.now()) : false,
  });

/**
 * Adds a webhook; its secret is in this answer only. The list is refetched rather than given the answer, so the
 * secret never enters the query cache. @throws webhooks/invalid-url · webhooks/too-many · request/invalid
 */
export function useCreateWebhook(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookInput) =>
      apiData(CreatedWebhook, `projects/${projectId}/webhooks`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(projectId) }),
  });
}

/** Changes a webhook (here: enables or disables it). @throws webhooks/not-found · webhooks/invalid-url */
export function useUpdateWebhook(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, input }: { webhookId: string; input: UpdateWebhookInput }) =>
      apiData(Webhook, `webhooks/${webhookId}`, { method: 'PATCH', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(projectId) }),
  });
}

/** Deletes a webhook and its log. Refetched either way: a webhooks/not-found means it was deleted elsewhere. */
export function useDeleteWebhook(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (webhookId: string) => {
      await api(`webhooks/${webhookId}`, { method: 'DELETE' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(projectId) }),
  });
}

/** A new signing secret, shown once; the old one stops signing at once. */
export function useRotateSecret() {
  return useMutation({
    mutationFn: (webhookId: string) =>
      apiData(WebhookSecret, `webhooks/${webhookId}/rotate-secret`, { method: 'POST' }),
  });
}

/** Queues a `ping` delivery, whatever the webhook subscribes to. */
export function useSendTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => apiData(WebhookDelivery, `webhooks/${webhookId}/test`, { method: 'POST' }),
    onSuccess: (_delivery, webhookId) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
}

/** Sends a delivery again, with the same webhook-id; it is pending until the attempt ends. */
export function useRedeliver(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiData(WebhookDelivery, `webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
}

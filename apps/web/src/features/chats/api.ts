import { Chat, type CreateChatInput, type UpdateChatInput } from '@deckhand/contract/chats';
import { type CreateMessageBody, Message, messageLimits } from '@deckhand/contract/messages';
import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiData } from '../../lib/api';
import type { Camelize } from '../../lib/case';

export type ClientChat = Camelize<Chat>;
export type ClientMessage = Camelize<Message>;

export const chatKeys = {
  all: ['chats'] as const,
  list: (cardId: string) => [...chatKeys.all, 'list', cardId] as const,
  messages: (chatId: string) => [...chatKeys.all, 'messages', chatId] as const,
};

const ChatList = z.array(Chat);
const MessagePage = z.array(Message);

export const chatListQuery = (cardId: string) =>
  queryOptions({ queryKey: chatKeys.list(cardId), queryFn: () => apiData(ChatList, `cards/${cardId}/chats`) });

function messagesPath(chatId: string, before: string): string {
  const params = new URLSearchParams({ limit: String(messageLimits.pageDefault) });
  if (before) params.set('before', before);
  return `chats/${chatId}/messages?${params.toString()}`;
}

/**
 * The newest messages first as pages, each oldest first: page 0 is the latest, the next page is what comes before
 * the oldest message loaded (loaded as the reader scrolls up).
 */
export const messageListQuery = (chatId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(chatId),
    queryFn: ({ pageParam }) => apiData(MessagePage, messagesPath(chatId, pageParam)),
    initialPageParam: '',
    getNextPageParam: (lastPage) => (lastPage.length < messageLimits.pageDefault ? undefined : lastPage[0]?.id),
  });

export type MessagePages = InfiniteData<ClientMessage[], string>;

/** Replaces one loaded message (an answer to an edit or a reaction) without asking for the pages again. */
function replaceMessage(pages: MessagePages | undefined, message: ClientMessage): MessagePages | undefined {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => page.map((item) => (item.id === message.id ? message : item))),
  };
}

export function useCreateChat(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateChatInput) => apiData(Chat, `cards/${cardId}/chats`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.list(cardId) }),
  });
}

export function useRenameChat(chat: Pick<ClientChat, 'id' | 'cardId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateChatInput) => apiData(Chat, `chats/${chat.id}`, { method: 'PATCH', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.list(chat.cardId) }),
  });
}

export function useDeleteChat(chat: Pick<ClientChat, 'id' | 'cardId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api(`chats/${chat.id}`, { method: 'DELETE' });
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: chatKeys.messages(chat.id) });
      return queryClient.invalidateQueries({ queryKey: chatKeys.list(chat.cardId) });
    },
  });
}

export function useMarkChatRead(chat: Pick<ClientChat, 'id' | 'cardId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(`chats/${chat.id}/read`, { method: 'POST' }),
    onSuccess: () => {
      queryClient.setQueryData(chatKeys.list(chat.cardId), (chats: ClientChat[] | undefined) =>
        chats?.map((item) => (item.id === chat.id ? { ...item, unreadCount: 0 } : item)),
      );
    },
  });
}

export function useSendMessage(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMessageBody) =>
      apiData(Message, `chats/${chatId}/messages`, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.messages(chatId) }),
  });
}

export function useEditMessage(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, text }: { messageId: string; text: string }) =>
      apiData(Message, `messages/${messageId}`, { method: 'PATCH', body: { text } }),
    onSuccess: (message) =>
      queryClient.setQueryData(chatKeys.messages(chatId), (pages: MessagePages | undefined) =>
        replaceMessage(pages, message),
      ),
  });
}

export function useDeleteMessage(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (messageId: string) => {
      await api(`messages/${messageId}`, { method: 'DELETE' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.messages(chatId) }),
  });
}

/** Adds (`on`) or takes back the caller's reaction; the answer is the message with its new reactions. */
export function useReaction(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, emoji, on }: { messageId: string; emoji: string; on: boolean }) =>
      apiData(Message, `messages/${messageId}/reactions/${encodeURIComponent(emoji)}`, {
        method: on ? 'PUT' : 'DELETE',
      }),
    onSuccess: (message) =>
      queryClient.setQueryData(chatKeys.messages(chatId), (pages: MessagePages | undefined) =>
        replaceMessage(pages, message),
      ),
  });
}

/** `/{projectId}/cards/{cardId}`, or that card opened on one of its chats. */
export function cardPath(projectId: string, cardId: string, chatId?: string | null): string {
  const card = `/${projectId}/cards/${cardId}`;
  return chatId ? `${card}/chats/${chatId}` : card;
}

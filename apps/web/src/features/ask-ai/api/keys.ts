export const askAiKeys = {
  all: ['ask-ai'] as const,
  answers: (sessionId: string) => [...askAiKeys.all, 'answers', sessionId] as const,
  answer: (sessionId: string, answerId: string) => [...askAiKeys.all, 'answer', sessionId, answerId] as const,
};

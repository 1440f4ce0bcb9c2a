export { SignInPrompt, type SignInPromptProps } from './sign-in-prompt.tsx';

/**
 * Comments for other features (issue 17): the article and column pages place CommentThread under
 * their content, keyed by what they show (`article:<id>`, `column:<id>`); a badge can read the
 * live unread count of comment messages.
 */

export { uploadImage } from './api/feedback.ts';
export { CommentThread, type CommentThreadProps } from './components/comment-thread.tsx';
export { useCommentUnread } from './hooks/use-comment-unread.ts';

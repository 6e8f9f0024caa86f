// The chapter files the admin's file pickers offer (the server reads them: src/lib/chapter-file.ts).
export const CHAPTER_FILE_ACCEPT = '.md,.markdown,.txt,text/markdown,text/plain';

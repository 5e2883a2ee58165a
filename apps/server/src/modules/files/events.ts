import type { EventBase } from '../../platform/domain-events';

/** A file as the events of its changes carry it. */
export interface FileRef {
  id: string;
  projectId: string;
  cardId: string | null;
  messageId: string | null;
  name: string;
  contentType: string;
}

/** The domain events of files. */
export interface FileEvents {
  'file.uploaded': EventBase & { file: FileRef };
  /** `storageKeys`: its bytes and thumbnail, removed once the deletion has committed. */
  'file.deleted': EventBase & { file: FileRef; storageKeys: string[] };
  /** The stored objects of a deleted project's files, read within its deletion: removed once it has committed. */
  'file.objects_released': EventBase & { projectId: string; storageKeys: string[] };
}

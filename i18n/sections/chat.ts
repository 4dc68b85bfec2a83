/** Texts of the support chat: entity labels, the project's widget, the admins' inbox and its emails. */
const side = { admin: 'Admin', companyUser: 'Company user' };

export const chatEntityLabels = {
  conversation: {
    fields: {
      projectId: 'Project',
      companyId: 'Company',
      assigneeId: 'Assignee',
      status: 'Status',
      lastMessageId: 'Last message',
      lastMessageAt: 'Last message at',
      createdAt: 'Created',
      updatedAt: 'Updated',
    },
    enums: { status: { open: 'Open', resolved: 'Resolved' } },
  },
  chatMessage: {
    fields: {
      conversationId: 'Conversation',
      authorSide: 'Side',
      authorId: 'Author',
      authorName: 'Author name',
      body: 'Message',
      attachmentKey: 'Attachment',
      attachmentName: 'Attachment name',
      attachmentSize: 'Attachment size',
      clientId: 'Sender message id',
      createdAt: 'Sent',
    },
    enums: { authorSide: side },
  },
  conversationParticipant: {
    fields: {
      conversationId: 'Conversation',
      side: 'Side',
      personId: 'Person',
      lastReadMessageId: 'Last read message',
      lastReadAt: 'Last read at',
      emailedMessageId: 'Last emailed message',
    },
    enums: { side },
  },
};

export const chat = {
  widget: {
    open: 'Support chat',
    // Read after the button's visible words by screen readers: "Support chat, 2 unread".
    unreadSuffix: ', {count} unread',
    title: 'Support for {project}',
    // The project's talent advocate answers when one is assigned; else the message goes to every admin.
    subtitle: 'Our team answers here.',
    subtitleAdvocate: 'Your talent advocate, {name}, answers here.',
    close: 'Close the chat',
    empty: 'Ask us anything about this project.',
    placeholder: 'Write a message',
    send: 'Send',
    sending: 'Sending',
    attach: 'Attach a PDF or DOCX file',
    removeAttachment: 'Remove the attachment',
    typing: '{name} is typing…',
    otherTyping: 'Typing…',
    seen: 'Seen',
    loadError: 'Could not load the chat.',
    sendError: 'Could not send your message.',
    older: 'Show older messages',
    olderError: 'Could not load the older messages.',
    retry: 'Retry',
    newMessages: 'New messages',
  },
  inbox: {
    title: 'Support chat',
    search: 'Search conversations',
    statusLabel: 'Status',
    status: { open: 'Open', resolved: 'Resolved', all: 'All' },
    assignee: { all: 'Everyone', me: 'Mine', none: 'Unassigned' },
    unassigned: 'Unassigned',
    unread: '{count} unread',
    empty: 'No conversations here.',
    loadError: 'Could not load the conversations.',
    retry: 'Retry',
    openWindow: 'Open the conversation with {company} about {project}',
    resolve: 'Mark resolved',
    reopen: 'Reopen',
    assignToMe: 'Assign to me',
    assigneeLabel: 'Assignee',
    changeError: 'Could not change the conversation.',
  },
  email: {
    /** `product` is the configured product name (PRODUCT_NAME). */
    subject: '{product}: {author} wrote to you about {project}',
    text: '{author} wrote about {project}:\n\n{excerpt}\n\nReply in the chat: {url}',
    attachmentOnly: '(a file: {name})',
  },
  notification: '{author} wrote about {project}',
  errors: {
    notFound: 'This conversation does not exist.',
    empty: 'Write a message or attach a file.',
    noCompany: 'This project has no company to chat with.',
    attachmentNotFound: 'This message has no attachment.',
  },
};

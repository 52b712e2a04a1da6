"""Conversations: short-term sessions and the facts proposed from them.

`sessions` holds conversation sessions, their token windows and past
messages; `extraction` proposes facts from a finished conversation and keeps
them until someone confirms.
"""

from ..common.errors import InvalidProposalsError, ProposalNotFoundError
from .extraction import (
    Proposal,
    ProposalDraft,
    ProposalStatus,
    ProposalStore,
    conversation_text,
    extraction_instructions,
    parse_proposals,
)
from .sessions import (
    ChatMessage,
    MessageRole,
    PastMessage,
    Session,
    SessionRole,
    SessionState,
    SessionStore,
    StoredMessage,
)

__all__ = [
    "ChatMessage",
    "InvalidProposalsError",
    "MessageRole",
    "PastMessage",
    "Proposal",
    "ProposalDraft",
    "ProposalNotFoundError",
    "ProposalStatus",
    "ProposalStore",
    "Session",
    "SessionRole",
    "SessionState",
    "SessionStore",
    "StoredMessage",
    "conversation_text",
    "extraction_instructions",
    "parse_proposals",
]

"""The database behind the bot and all its SQL, by task; callers use `storage.<name>`.

`connection.py` holds what the engines share, `opening.py` opens one (`sqlite.py`,
`postgres.py`: each engine's connections, schema steps and transactions); each other module
the statements of one task, written once for both engines.
"""

from __future__ import annotations

from bot.storage.clocks import (
    clock_marks_since as clock_marks_since,
)
from bot.storage.clocks import (
    clock_rows as clock_rows,
)
from bot.storage.clocks import (
    drop_clock_marks as drop_clock_marks,
)
from bot.storage.clocks import (
    due_matches as due_matches,
)
from bot.storage.clocks import (
    save_clock_marks as save_clock_marks,
)
from bot.storage.clocks import (
    save_clocks as save_clocks,
)
from bot.storage.connection import (
    DEFAULT_PATH as DEFAULT_PATH,
)
from bot.storage.connection import (
    Db as Db,
)
from bot.storage.connection import (
    Row as Row,
)
from bot.storage.connection import (
    Storage as Storage,
)
from bot.storage.connection import (
    StorageBusy as StorageBusy,
)
from bot.storage.connection import (
    StorageError as StorageError,
)
from bot.storage.connection import (
    is_postgres as is_postgres,
)
from bot.storage.connection import (
    migration_steps as migration_steps,
)
from bot.storage.connection import (
    rows as rows,
)
from bot.storage.invitations import (
    ask_rematch as ask_rematch,
)
from bot.storage.invitations import (
    close_invitation as close_invitation,
)
from bot.storage.invitations import (
    close_rematch as close_rematch,
)
from bot.storage.invitations import (
    insert_invitation as insert_invitation,
)
from bot.storage.invitations import (
    insert_rematch_invitation as insert_rematch_invitation,
)
from bot.storage.invitations import (
    invitation_row as invitation_row,
)
from bot.storage.invitations import (
    open_invitations as open_invitations,
)
from bot.storage.invitations import (
    rematch_invitations as rematch_invitations,
)
from bot.storage.invitations import (
    rematch_row as rematch_row,
)
from bot.storage.listing import (
    ENDED as ENDED,
)
from bot.storage.listing import (
    bindings_of as bindings_of,
)
from bot.storage.listing import (
    count_guild_matches as count_guild_matches,
)
from bot.storage.listing import (
    guild_ended as guild_ended,
)
from bot.storage.listing import (
    guild_matches as guild_matches,
)
from bot.storage.listing import (
    moderated_matches as moderated_matches,
)
from bot.storage.listing import (
    recent_games_of as recent_games_of,
)
from bot.storage.log import (
    append_events as append_events,
)
from bot.storage.log import (
    clear_states as clear_states,
)
from bot.storage.log import (
    event_rows as event_rows,
)
from bot.storage.log import (
    save_states as save_states,
)
from bot.storage.log import (
    snapshot_checksum as snapshot_checksum,
)
from bot.storage.log import (
    state_rows as state_rows,
)
from bot.storage.log import (
    truncate_events as truncate_events,
)
from bot.storage.matches import (
    add_player as add_player,
)
from bot.storage.matches import (
    bump_revision as bump_revision,
)
from bot.storage.matches import (
    insert_match as insert_match,
)
from bot.storage.matches import (
    match_row as match_row,
)
from bot.storage.matches import (
    matches_of as matches_of,
)
from bot.storage.matches import (
    player_rows as player_rows,
)
from bot.storage.matches import (
    remove_player as remove_player,
)
from bot.storage.matches import (
    replace_player as replace_player,
)
from bot.storage.matches import (
    seat_rows as seat_rows,
)
from bot.storage.matches import (
    set_captain as set_captain,
)
from bot.storage.matches import (
    set_paused as set_paused,
)
from bot.storage.matches import (
    set_seat as set_seat,
)
from bot.storage.matches import (
    set_status as set_status,
)
from bot.storage.offers import (
    clear_deadlines as clear_deadlines,
)
from bot.storage.offers import (
    clear_offers as clear_offers,
)
from bot.storage.offers import (
    deadline_rows as deadline_rows,
)
from bot.storage.offers import (
    offer_rows as offer_rows,
)
from bot.storage.offers import (
    set_deadline as set_deadline,
)
from bot.storage.offers import (
    set_offer as set_offer,
)
from bot.storage.offers import (
    shift_deadlines as shift_deadlines,
)
from bot.storage.outbox import (
    action_notices as action_notices,
)
from bot.storage.outbox import (
    add_audit as add_audit,
)
from bot.storage.outbox import (
    audit_rows as audit_rows,
)
from bot.storage.outbox import (
    due_notices as due_notices,
)
from bot.storage.outbox import (
    due_places as due_places,
)
from bot.storage.outbox import (
    enqueue as enqueue,
)
from bot.storage.outbox import (
    give_up as give_up,
)
from bot.storage.outbox import (
    given_up as given_up,
)
from bot.storage.outbox import (
    last_sent_before as last_sent_before,
)
from bot.storage.outbox import (
    mark_failed as mark_failed,
)
from bot.storage.outbox import (
    mark_sent as mark_sent,
)
from bot.storage.outbox import (
    next_action_key as next_action_key,
)
from bot.storage.outbox import (
    postpone as postpone,
)
from bot.storage.outbox import (
    prune_outbox as prune_outbox,
)
from bot.storage.people import (
    names_of as names_of,
)
from bot.storage.people import (
    set_name as set_name,
)
from bot.storage.places import (
    bind as bind,
)
from bot.storage.places import (
    binding_rows as binding_rows,
)
from bot.storage.places import (
    bound_to as bound_to,
)
from bot.storage.places import (
    guild_settings as guild_settings,
)
from bot.storage.places import (
    set_guild_setting as set_guild_setting,
)
from bot.storage.places import (
    unbind as unbind,
)
from bot.storage.practice import (
    add_practice_player as add_practice_player,
)
from bot.storage.practice import (
    match_guild as match_guild,
)
from bot.storage.practice import (
    practice_matches as practice_matches,
)
from bot.storage.practice import (
    practice_rows as practice_rows,
)
from bot.storage.practice import (
    remove_practice_player as remove_practice_player,
)
from bot.storage.takebacks import (
    clear_takeback as clear_takeback,
)
from bot.storage.takebacks import (
    set_takeback as set_takeback,
)
from bot.storage.takebacks import (
    takeback_row as takeback_row,
)

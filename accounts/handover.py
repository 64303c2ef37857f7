"""When someone logs in (or signs up, which logs them in), the games and records they made
as a visitor on this browser become their account's; when they log out, the browser plays as
its visitor again. A receiver of Django's own login signal, so every way in is covered: the
login page, sign up, and the admin's login. An account deleted takes its games and records
with it."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.db.models.signals import post_delete
from django.dispatch import receiver

from play.merge import forget_player, merge_player
from visitors.players import account_player


@receiver(user_logged_in, dispatch_uid="accounts.handover.logged_in")
def take_the_visitors_games(sender, request, user, **kwargs) -> None:
    player = account_player(user.pk)
    visitor = getattr(request, "visitor", None)  # set by visitors.players' middleware
    if visitor:
        merge_player(visitor, player)
    if request is not None:
        request.player = player


@receiver(user_logged_out, dispatch_uid="accounts.handover.logged_out")
def play_as_the_visitor_again(sender, request, user, **kwargs) -> None:
    if request is not None and hasattr(request, "visitor"):
        request.player = request.visitor


@receiver(post_delete, sender=get_user_model(), dispatch_uid="accounts.handover.deleted")
def forget_the_accounts_games(sender, instance, **kwargs) -> None:
    forget_player(account_player(instance.pk))

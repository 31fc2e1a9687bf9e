"""flowbot.actuate stage."""

"""The shipped calibration profiles, one TOML file per target (package data, read-only).

Read them with ``flowbot.actuate.load_profile``; ``flowbot profiles`` lists them
beside the user's own.
"""

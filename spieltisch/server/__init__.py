"""The web server: lobby, tables over websockets, persistence.

Everything here reaches the games only through the contract in
`spieltisch.core`, so a newly registered game is playable without changes.
"""
